import MarfaRules

/// `GET /edges` and `GET /edges/{id}` (P-25): the edges the key reads (edge type and source type).
package enum EdgeReadDoors {
    /// A page of edges in `(created_at, id)` order, of the named edge types (at most 10) and update bounds.
    package static func list(_ request: DoorRequest) throws(Refusal) -> Reply {
        let query = try request.query(["edge_type", "updated_after", "updated_before", "limit", "cursor"])
        let types = query.list("edge_type")
        guard (types?.count ?? 0) <= 10 else { throw Refusal.validation("edge_type names at most 10 edge types.") }
        let updatedAfter = try InstantText.query(query, "updated_after")
        let updatedBefore = try InstantText.query(query, "updated_before")
        let limit = try query.limit(in: 1...500, default: 50)
        let fingerprint = Digest.hex(
            "edges|\((types ?? []).sorted().joined(separator: ","))|\(updatedAfter ?? "")|\(updatedBefore ?? "")")
        let after = try query["cursor"].map { text throws(Refusal) in
            try ListingCursor.read(text, fingerprint: fingerprint)
        }
        let access = request.access
        let page = try request.core.read { state throws(Refusal) -> ([JSONValue], RowKey?) in
            let lists = (types ?? Array(state.edgesByType.keys)).compactMap { state.edgesByType[$0] }
            var walk = OrderedMerge(
                lists, descending: false, after: after.map { RowKey($0.value.string ?? "", $0.id) })
            var data: [JSONValue] = []
            var last: RowKey?
            while let key = walk.next() {
                guard let edge = state.edges[key.id],
                    access.reads(edge, sourceType: state.stored(edge.sourceId)?.item.type)
                else { continue }
                if let updatedAfter, edge.updatedAt < updatedAfter { continue }
                if let updatedBefore, !(edge.updatedAt < updatedBefore) { continue }
                if data.count == limit { return (data, last) }
                data.append(WireShapes.edge(edge))
                last = key
            }
            return (data, nil)
        }
        let next = page.1.map { ListingCursor(fingerprint: fingerprint, value: .string($0.text), id: $0.id).text }
        return .ok(["data": .array(page.0), "next_cursor": next.map(JSONValue.string) ?? .null])
    }

    /// `{"edge"}`, or `404 edge_not_found` for a malformed, unknown or unreadable id.
    package static func edge(_ request: DoorRequest) throws(Refusal) -> Reply {
        _ = try request.query([])
        let id = request.segments[1]
        let access = request.access
        return try request.core.read { state throws(Refusal) in
            guard let edge = state.edges[id], access.reads(edge, sourceType: state.stored(edge.sourceId)?.item.type)
            else { throw Refusal.edgeNotFound }
            return .ok(["edge": WireShapes.edge(edge)])
        }
    }
}
