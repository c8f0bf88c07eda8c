import MarfaEngine

/// An item's hydrated edge blocks read whole (P-58): each block's edges, continued at
/// `/items/{id}/edges?edge_type=<T>&cursor=<c>` while it names a cursor (P-24).
struct EdgeBlocks {
    let client: InstanceClient

    /// Every outbound edge `blocks` (edge type → `{data, next_cursor}`) holds or continue to, blocks in name order;
    /// answers the edges and the continuation pages read. A failed continuation throws.
    func edges(of itemId: String, blocks: JSONObject) async throws(MarfaError)
        -> (edges: [Edge], pages: UInt64)
    {
        var edges: [Edge] = []
        var pages: UInt64 = 0
        for (type, block) in blocks.sorted(by: { $0.key < $1.key }) {
            for value in block.object?["data"]?.array ?? [] { edges.append(try WireRows.edge(value)) }
            guard let next = block.object?["next_cursor"]?.string else { continue }
            let continued = try await PageReader(client: client).edges(of: itemId, type: type, from: next)
            edges += continued.edges
            pages += continued.pages
        }
        return (edges, pages)
    }
}
