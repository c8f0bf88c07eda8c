import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The two `items` calls that need the server and are never queued (seed 000 lines 121–126, F063–F065).
extension Items {
    /// One page of the instance's whole bin, newest change first, whatever the copy's slice (F063): of one type (with
    /// its subtypes) when `type` is given, from `cursor` on. `limit` is clamped to 1…100. Throws `noServer` for a
    /// copy with no server, and the instance's refusal as it reads (`network` when it cannot be reached).
    public func bin(type: String? = nil, after cursor: String? = nil, limit: Int = 50) async throws -> BinPage {
        try await engine.ensureOpen()
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else { throw MarfaError.noServer(message: "the bin is read online") }
        var query = [
            URLQueryItem(name: "state", value: "trashed"), URLQueryItem(name: "sort", value: "updated_at"),
            URLQueryItem(name: "direction", value: "desc"), URLQueryItem(name: "include", value: "metadata"),
            URLQueryItem(name: "limit", value: String(min(max(limit, 1), 100))),
        ]
        if let type { query.append(URLQueryItem(name: "type", value: type)) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        let client = InstanceClient(server: server)
        let page = try InstanceClient.document(try await client.readBody("/items", query: query), path: "/items")
        guard let rows = page.object?["data"]?.array else {
            throw MarfaError.decoding(message: "/items did not answer a page of data")
        }
        var items: [Item] = []
        for row in rows { items.append(try WireRows.itemAnswer(row).item) }
        return BinPage(items: items, nextCursor: page.object?["next_cursor"]?.string)
    }

    /// Destroys an item in the bin on the instance now (F064, F065): never queued, sent at `version` (the one the
    /// person was shown) or else the version the copy holds, so an item changed elsewhere throws `versionConflict`.
    /// Before sending it throws `notFound`/`not_held` for an item the copy does not hold, `validation`/
    /// `invalid_transition` for one the copy shows outside the bin, and `invalid` while a write to it waits; then
    /// `noServer` without a server, and the instance's refusal (`forbidden` without `items.purge`). On success the
    /// copy lets the row and every edge at either end go at once.
    public func purge(_ id: String, version: Int64? = nil) async throws {
        let held = try await engine.purgeable(id)
        let call = try servers.begin()
        defer { call.end() }
        guard let server = call.server else {
            throw MarfaError.noServer(message: "a purge is sent to the instance")
        }
        let sent = version ?? held
        let answer = try await InstanceClient(server: server).send(
            "POST", "/items/\(id)/purge", query: [URLQueryItem(name: "version", value: String(sent))], body: [:],
            idempotencyKey: ItemID.make(), isWrite: true)
        guard answer.isSuccess else {
            if answer.status == 409, ErrorEnvelope.parse(answer)?.code == "version_conflict" {
                throw MarfaError.versionConflict(
                    currentVersion: nil, message: "item \(id) changed on the instance since version \(sent)")
            }
            throw ErrorEnvelope.readError(answer)
        }
        try await engine.forgetPurged(id)
    }
}
