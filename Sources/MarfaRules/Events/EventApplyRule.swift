/// What to do with an item event, given the row the copy holds (WC-21 to WC-25).
package enum ItemEventPlan: Sendable, Hashable {
    /// Write the carried row (and its tags) over the held one.
    case apply
    /// Add the row, which the copy did not hold; when `fetchEdgesFirst`, read every page of its edges before the
    /// event is applied, and leave the event unapplied if that read fails (WC-25, WC-26).
    case enter(fetchEdgesFirst: Bool)
    /// Remove the held row and the edges it draws, except those of types held whole; edges to it stay (WC-23).
    case leave
    /// Remove the row, every edge at either end and its pin (WC-24).
    case purge
    /// The event is strictly older than the held row: change nothing, yet move the cursor past it (WC-21).
    case skipStale
    /// The row is neither held nor taken by the slice: change nothing, and move the cursor past it (WC-23).
    case ignore
}

/// What to do with an edge event, given the edge the copy holds and whether its source is held.
package enum EdgeEventPlan: Sendable, Hashable {
    /// Write the carried edge over the held one, or add it.
    case apply
    /// Remove the held edge.
    case remove
    /// The event is strictly older than the held edge: change nothing, yet move the cursor past it (WC-21).
    case skipStale
    /// The edge is neither held nor taken: change nothing.
    case ignore
}

/// The rule that decides how an event from the log meets the copy: the higher version wins, equal versions apply
/// in stream order, and membership in the slice decides whether a row is added, kept or removed.
package enum EventApplyRule {
    /// Whether an event carrying `incoming` is stale over a held row at `held`: only a strictly older one is
    /// (WC-21). Transitions, deletes, restores and tag events carry the version the row already had, so at equal
    /// versions they still apply, in stream order (WC-22).
    package static func isStale(incoming: Int64, held: Int64?) -> Bool {
        guard let held else { return false }
        return incoming < held
    }

    /// The plan for an item event of `kind` carrying the row `id` (`type`, `tier`, `version`), when the copy holds
    /// that row at `heldVersion` (nil when not held).
    package static func plan(
        _ kind: EventKind, itemId id: String, type: String, tier: Tier?, version: Int64, heldVersion: Int64?,
        slice: SliceMembership
    ) -> ItemEventPlan {
        if kind == .itemPurged { return .purge }
        if isStale(incoming: version, held: heldVersion) { return .skipStale }
        let taken = slice.takes(itemId: id, type: type, tier: tier)
        switch (heldVersion != nil, taken) {
        case (true, true): return .apply
        case (true, false): return .leave
        case (false, true): return .enter(fetchEdgesFirst: kind != .itemCreated)
        case (false, false): return .ignore
        }
    }

    /// The plan for an edge event of `kind` carrying an edge of `edgeType` at `version`, when the copy holds it at
    /// `heldVersion` (nil when not held) and `sourceHeld` says whether the copy holds the edge's source.
    ///
    /// An edge is held when its source is held or its type is held whole; a deleted edge never comes back, so its
    /// removal applies whatever the versions.
    package static func plan(
        _ kind: EventKind, edgeType: String, version: Int64, heldVersion: Int64?, sourceHeld: Bool,
        slice: SliceMembership
    ) -> EdgeEventPlan {
        if kind == .edgeDeleted { return heldVersion == nil ? .ignore : .remove }
        if isStale(incoming: version, held: heldVersion) { return .skipStale }
        if sourceHeld || slice.wholeEdgeTypes.contains(edgeType) { return .apply }
        return heldVersion == nil ? .ignore : .remove
    }
}
