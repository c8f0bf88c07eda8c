/// Reads one row back from the instance, as a withdraw or a pin does; a missing row answers nil.
struct ServerRowReader {
    let client: InstanceClient

    /// The instance's row of `id`, or nil when it answers 404 (missing, in the bin, or unreadable).
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
        return try Item(json: body.object?["item"] ?? body)
    }
}
