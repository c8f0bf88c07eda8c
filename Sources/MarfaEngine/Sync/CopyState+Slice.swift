import MarfaRules

extension CopyState {
    /// What the copy's slice takes: its types (each with its subtree), its tier, its edge types held whole and its
    /// pins (WC-17, WC-38); a copy with no slice takes every tier and no type.
    package var sliceMembership: SliceMembership {
        let slice = slice
        let catalog = catalog
        return SliceMembership(
            tier: slice?.tier ?? .all, wholeEdgeTypes: Set(slice?.edgeTypes ?? []), pins: Set(pins)
        ) { type in
            (slice?.types ?? []).contains { catalog.isType(type, matching: $0) }
        }
    }

    /// The changes that remove item `itemId` and its edges: its outbound edges, except those of the types in
    /// `wholeEdgeTypes` (which the slice holds whichever end is held); with `wholeEdgeTypes` nil, every edge at
    /// either end (a purge, WC-24).
    func removal(of itemId: String, keepingWholeEdgesOf wholeEdgeTypes: Set<String>?) -> [StoreChange] {
        var changes: [StoreChange] = [.removeItem(id: itemId)]
        var edgeIds = edgesFrom[itemId] ?? []
        if wholeEdgeTypes == nil { edgeIds.formUnion(edgesTo[itemId] ?? []) }
        for edgeId in edgeIds.sorted() {
            guard let edge = edges[edgeId], !(wholeEdgeTypes?.contains(edge.edgeType) ?? false) else { continue }
            changes.append(.removeEdge(id: edgeId))
        }
        return changes
    }
}
