/// Reads one row back from the instance, as a withdraw, a pin or a refused write does, with the tags its metadata
/// names; a missing row answers nil.
struct ServerRowReader {
    let client: InstanceClient

    /// Whether an answer says the instance holds no such row: 404, or 400 `invalid_id` for an id it could never
    /// hold (issue 28 point 11, Decision 0090).
    static func holdsNone(_ answer: InstanceAnswer) -> Bool {
        answer.status == 404 || (answer.status == 400 && ErrorEnvelope.parse(answer)?.code == "invalid_id")
    }

    /// The instance's row of `id` with its tags, or nil when it holds none (`holdsNone`: missing, in the bin,
    /// unreadable, or an id it could never hold).
    func item(_ id: String) async throws(MarfaError) -> Item? {
        let answer = try await client.send("GET", "/items/\(id)")
        if Self.holdsNone(answer) { return nil }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        let body: JSONValue
        do {
            body = try JSONValue(jsonBytes: answer.body)
        } catch {
            throw MarfaError.decoding(message: "the instance's answer for item \(id) is not JSON")
        }
        return try WireRows.itemAnswer(body).item
    }

    /// The instance's edge `id`, or nil when it holds none (`holdsNone`: unknown, unreadable, gone or never valid).
    func edge(_ id: String) async throws(MarfaError) -> Edge? {
        let answer = try await client.send("GET", "/edges/\(id)")
        if Self.holdsNone(answer) { return nil }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        return try WireRows.edge(try InstanceClient.document([UInt8](answer.body), path: "/edges/\(id)"))
    }
}
