import MarfaRules

extension CopyState {
    /// What the copy's slice takes: its types (each with its subtree), its tier, its edge types held whole and its
    /// pins (WC-17, WC-38); a copy with no slice takes every tier and no type.
    package var sliceMembership: SliceMembership {
        let slice = self.slice
        let catalog = self.catalog
        return SliceMembership(
            tier: slice?.tier ?? .all, wholeEdgeTypes: Set(slice?.edgeTypes ?? []), pins: Set(pins)
        ) { type in
            (slice?.types ?? []).contains { catalog.isType(type, matching: $0) }
        }
    }

    /// The changes that take item `itemId` out of a copy whose slice no longer takes it: the row with its
    /// extensions, and the edges it draws except those of types held whole (WC-40, V-21).
    package func leaving(_ itemId: String) -> [StoreChange] {
        let whole = Set(slice?.edgeTypes ?? [])
        var changes: [StoreChange] = [.removeItem(id: itemId)]
        for edgeId in (edgesFrom[itemId] ?? []).sorted() where !whole.contains(edges[edgeId]?.edgeType ?? "") {
            changes.append(.removeEdge(id: edgeId))
        }
        return changes
    }
}
