/// Reads one row back from the instance, as a withdraw, a pin or a refused write does, with the tags its metadata
/// names; a missing row answers nil.
struct ServerRowReader {
    let client: InstanceClient

    /// The instance's row of `id` with its tags, or nil when it answers 404 (missing, in the bin, or unreadable).
    func item(_ id: String) async throws(MarfaError) -> Item? {
        let answer = try await client.send("GET", "/items/\(id)")
        if answer.status == 404 { return nil }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        let body: JSONValue
        do {
            body = try JSONValue(jsonBytes: answer.body)
        } catch {
            throw MarfaError.decoding(message: "the instance's answer for item \(id) is not JSON")
        }
        return try WireRows.itemAnswer(body).item
    }

    /// The instance's edge `id`, or nil when it answers 404 (unknown, unreadable or gone).
    func edge(_ id: String) async throws(MarfaError) -> Edge? {
        let answer = try await client.send("GET", "/edges/\(id)")
        if answer.status == 404 { return nil }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        return try WireRows.edge(try InstanceClient.document([UInt8](answer.body), path: "/edges/\(id)"))
    }
}
