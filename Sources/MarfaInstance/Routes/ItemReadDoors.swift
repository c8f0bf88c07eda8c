import MarfaRules

/// `GET /items/{id}` and its edge, backref and version pages (P-23, P-24, P-62).
package enum ItemReadDoors {
    /// `{item, metadata}` with outbound edges hydrated; `include` may add `versions` and `backrefs`. Archived rows
    /// are readable; trashed, missing or unreadable ones answer `404 item_not_found` without details.
    package static func item(_ request: DoorRequest) throws(Refusal) -> Reply {
        let query = try request.query(["include"])
        let include = Set(query.list("include") ?? [])
        let unknown = include.subtracting(["edges", "metadata", "backrefs", "versions", "extensions"])
        guard unknown.isEmpty else {
            throw Refusal.validation(
                "include takes edges, metadata, backrefs, versions and extensions.", details: ["field": "include"])
        }
        let access = request.access
        let id = request.segments[1]
        return try request.core.read { state throws(Refusal) in
            guard ItemID.isWellFormed(id) else { throw Refusal.invalidId(id) }
            guard let stored = state.stored(id), access.reads(stored.item.type), stored.item.state != .trashed else {
                throw Refusal.itemNotFound()
            }
            var item = WireShapes.item(stored)
            item["edges"] = EdgePages.blocks(of: stored, in: state, access: access)
            if include.contains("extensions") {
                item["extensions"] = .object(JSONObject(sorting: stored.extensions.mapValues(JSONValue.object)))
            }
            if include.contains("backrefs") {
                let readable = state.inboundEdges(of: id).filter { edge in
                    access.reads(edge, sourceType: state.stored(edge.sourceId)?.item.type)
                }
                item["backrefs"] = .array(readable.map(WireShapes.edge))
            }
            var body: JSONObject = ["item": .object(item.sortedByKey()), "metadata": WireShapes.metadata(stored)]
            if include.contains("versions") {
                body["versions"] = .array(
                    state.storedVersions(of: id).map { $0.fields.json(id: id, version: $0.version) })
            }
            return .ok(body)
        }
    }

    /// A page of the item's outbound edges, newest created first; answered while the item is in the bin.
    package static func outboundEdges(_ request: DoorRequest) throws(Refusal) -> Reply {
        try edges(request, inbound: false)
    }

    /// A page of the item's inbound edges the key reads, newest created first.
    package static func inboundEdges(_ request: DoorRequest) throws(Refusal) -> Reply {
        try edges(request, inbound: true)
    }

    /// The item's stored prior versions, oldest first (P-62), paged by `limit` 1–200 (default 50).
    package static func versions(_ request: DoorRequest) throws(Refusal) -> Reply {
        let query = try request.query(["limit", "cursor"])
        let limit = try query.limit(in: 1...200, default: 50)
        let id = request.segments[1]
        let fingerprint = Digest.hex("versions|\(id)")
        let after = try query["cursor"].map { text throws(Refusal) in
            try ListingCursor.read(text, fingerprint: fingerprint)
        }
        let access = request.access
        return try request.core.read { state throws(Refusal) in
            _ = try access.readable(id, in: state, includingBin: true)
            let all = state.storedVersions(of: id).filter { $0.version > (after?.value.integer ?? 0) }
            let page = all.prefix(limit)
            let next =
                all.count > limit
                ? page.last.map {
                    ListingCursor(fingerprint: fingerprint, value: .integer($0.version), id: id).text
                } : nil
            return .ok([
                "data": .array(page.map { $0.fields.json(id: id, version: $0.version) }),
                "next_cursor": next.map(JSONValue.string) ?? .null,
            ])
        }
    }

    private static func edges(_ request: DoorRequest, inbound: Bool) throws(Refusal) -> Reply {
        let query = try request.query(["edge_type", "limit", "cursor"])
        let types = query.list("edge_type") ?? []
        guard types.count <= 10 else { throw Refusal.validation("edge_type names at most 10 edge types.") }
        let limit = try query.limit(in: 1...500, default: 50)
        let id = request.segments[1]
        let fingerprint = EdgePages.fingerprint(itemId: id, inbound: inbound, types: types)
        let after = try query["cursor"].map { text throws(Refusal) in
            try ListingCursor.read(text, fingerprint: fingerprint)
        }
        let access = request.access
        return try request.core.read { state throws(Refusal) in
            _ = try access.readable(id, in: state, includingBin: true)
            let held = inbound ? state.inboundEdges(of: id) : state.outboundEdges(of: id)
            let readable = held.filter { edge in
                (types.isEmpty || types.contains(edge.edgeType))
                    && access.reads(edge, sourceType: state.stored(edge.sourceId)?.item.type)
            }
            let page = EdgePages.page(readable, fingerprint: fingerprint, after: after, limit: limit)
            return .ok([
                "data": .array(page.data.map(WireShapes.edge)),
                "next_cursor": page.next.map { .string($0.text) } ?? .null,
            ])
        }
    }
}
