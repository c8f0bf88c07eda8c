import Foundation

/// Reads one row back from the instance, as a withdraw, a pin or a refused write does, with the tags its metadata
/// names; a missing row answers nil.
struct ServerRowReader {
    let client: InstanceClient

    /// Whether an answer says the instance holds no such row: 404, or 400 `invalid_id` for an id it could never
    /// hold (issue 28 point 11, Decision 0090).
    static func holdsNone(_ answer: InstanceAnswer) -> Bool {
        answer.status == 404 || (answer.status == 400 && ErrorEnvelope.parse(answer)?.code == "invalid_id")
    }

    /// The instance's row of `id` with its tags, in any state, or nil when the instance holds no readable row
    /// (`holdsNone`). `GET /items/{id}` answers 404 for a row in the bin too, so a 404 is asked again of the bin's
    /// listing: a row another writer binned reads as binned, not as gone, since no later event would bring it back
    /// (Decision 0096).
    func item(_ id: String) async throws(MarfaError) -> Item? {
        let answer = try await client.send("GET", "/items/\(id)")
        if answer.status == 404 { return try await binned(id) }
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

    /// The row `id` from the instance's bin (`state=trashed`, every tier and type, filtered by id), or nil when the
    /// bin does not hold it or the listing refuses the filter; an environmental failure throws as any read does.
    private func binned(_ id: String) async throws(MarfaError) -> Item? {
        let escaped = id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let query = [
            URLQueryItem(name: "state", value: "trashed"), URLQueryItem(name: "tier", value: "all"),
            URLQueryItem(name: "include", value: "metadata"), URLQueryItem(name: "limit", value: "1"),
            URLQueryItem(name: "filter", value: "id eq \"\(escaped)\""),
        ]
        let answer = try await client.send("GET", "/items", query: query)
        guard answer.isSuccess else {
            if answer.status == 429 || answer.status >= 500 { throw ErrorEnvelope.readError(answer) }
            return nil
        }
        let page = try InstanceClient.document([UInt8](answer.body), path: "/items")
        guard let row = page.object?["data"]?.array?.first else { return nil }
        let item = try WireRows.itemAnswer(row).item
        return item.id == id ? item : nil
    }

    /// The instance's edge `id`, or nil when it holds none (`holdsNone`: unknown, unreadable, gone or never valid).
    func edge(_ id: String) async throws(MarfaError) -> Edge? {
        let answer = try await client.send("GET", "/edges/\(id)")
        if Self.holdsNone(answer) { return nil }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        return try WireRows.edge(try InstanceClient.document([UInt8](answer.body), path: "/edges/\(id)"))
    }
}
