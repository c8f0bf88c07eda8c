import MarfaEngine

/// Reads a never-held row that enters the slice by retype or tier move (WC-25; issue 28 point 22): `GET /items/{id}`
/// for its tags and its hydrated edge blocks, each block continued by edge type to its last page.
struct EnteringRowReader {
    let client: InstanceClient

    /// What the instance holds of an entering row.
    struct EnteringRow: Sendable {
        /// The tags its metadata names, or nil when the answer names none.
        var tags: [String]?
        /// Every outbound edge, every page.
        var edges: [Edge]
    }

    /// The row `itemId` as the instance holds it now. A row the instance no longer holds (404, Decision 0105)
    /// enters as its event carries it, with no edges: a later event says where it went. Any other failure throws, so
    /// the catch-up ends before the event and its cursor stays (WC-26).
    func read(_ itemId: String) async throws(MarfaError) -> EnteringRow {
        let answer = try await client.send("GET", "/items/\(itemId)")
        if ServerRowReader.holdsNone(answer) { return EnteringRow(tags: nil, edges: []) }
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        let body = try InstanceClient.document([UInt8](answer.body), path: "/items/\(itemId)")
        let (item, tagsNamed) = try WireRows.itemAnswer(body)
        let blocks = (body.object?["item"] ?? body).object?["edges"]?.object ?? [:]
        let edges = try await EdgeBlocks(client: client).edges(of: itemId, blocks: blocks).edges
        return EnteringRow(tags: tagsNamed ? item.tags : nil, edges: edges)
    }

    /// `event` with the fetched tags on its row when its frame carries no metadata; a frame's own tags stand.
    static func tagging(_ event: LogEvent, with row: EnteringRow) -> LogEvent {
        guard case .item(let kind, var item, nil) = event, let tags = row.tags else { return event }
        item.tags = tags
        return .item(kind, item, nil)
    }
}
