import MarfaRules

/// Pages of one item's edges (P-24, P-58): newest created first, continued by a cursor bound to the item, the
/// direction and the edge types asked.
package enum EdgePages {
    /// Edges in a hydrated block (P-58).
    package static let blockSize = 50

    /// The digest a cursor of `itemId`'s edges in one direction, of `types`, carries.
    package static func fingerprint(itemId: String, inbound: Bool, types: [String]) -> String {
        Digest.hex("edges|\(inbound ? "in" : "out")|\(itemId)|\(types.sorted().joined(separator: ","))")
    }

    /// One page: the edges after `after`, at most `limit`, and the cursor when more follow.
    package static func page(
        _ edges: [Edge], fingerprint: String, after: ListingCursor?, limit: Int
    ) -> (data: [Edge], next: ListingCursor?) {
        let ordered = edges.sorted { RowKey($1.createdAt, $1.id) < RowKey($0.createdAt, $0.id) }
        var start = 0
        if let after {
            let position = RowKey(after.value.string ?? "", after.id)
            start = ordered.firstIndex { RowKey($0.createdAt, $0.id) < position } ?? ordered.count
        }
        let data = Array(ordered[start..<min(ordered.count, start + limit)])
        guard start + limit < ordered.count, let last = data.last else { return (data, nil) }
        return (data, ListingCursor(fingerprint: fingerprint, value: .string(last.createdAt), id: last.id))
    }

    /// `item.edges` for a listed or read item: one `{data, next_cursor}` block per readable edge type it draws.
    package static func blocks(of stored: StoredItem, in state: InstanceState, access: Access) -> JSONValue {
        var byType: [String: [Edge]] = [:]
        for edge in state.outboundEdges(of: stored.id)
        where access.reads(edge, sourceType: stored.item.type) {
            byType[edge.edgeType, default: []].append(edge)
        }
        var blocks: JSONObject = [:]
        for (type, edges) in byType {
            let fingerprint = Self.fingerprint(itemId: stored.id, inbound: false, types: [type])
            let page = page(edges, fingerprint: fingerprint, after: nil, limit: blockSize)
            blocks[type] = .object([
                "data": .array(page.data.map(WireShapes.edge)),
                "next_cursor": page.next.map { .string($0.text) } ?? .null,
            ])
        }
        return .object(blocks)
    }
}
