import MarfaRules

/// The pin rules (WC-35 to WC-40) as changes to one state: holding a fetched row, holding nothing for a row the
/// instance does not let the key read, and letting a pinned row go.
enum PinChanges {
    /// The changes that show `fetched` (the instance's row with the writes waiting on it laid over, and its edges).
    static func holding(_ fetched: FetchedRow, in state: CopyState, now: String) -> [StoreChange] {
        let row = fetched.item
        let laid = LayOver.item(row, laidOverBy: state.queuedWrites(onItem: row.id), now: now)
        return [.putItem(laid ?? row)] + fetched.edges.map(StoreChange.putEdge)
    }

    /// The changes that hold nothing for pinned `id` when the instance holds no row the key can read (WC-39,
    /// Decision 0108): the row goes with its outbound edges (those of types held whole stay); the pin stays.
    static func unreadable(_ id: String, in state: CopyState) -> [StoreChange] {
        guard state.items[id] != nil else { return [] }
        return state.removal(of: id, keepingWholeEdgesOf: state.sliceMembership.wholeEdgeTypes)
    }

    /// The pin that goes with the row of own create `itemId` when the create is refused or dies (WC-36, WC-41,
    /// Decision 0107): none when it is not pinned.
    static func goneWithCreate(of itemId: String, in state: CopyState) -> [StoreChange] {
        state.pins.contains(itemId) ? [.removePin(itemId)] : []
    }

    /// The changes that release the pin on `id` (WC-40): the pin goes; a row the slice does not take goes too with
    /// its outbound edges (those of types held whole stay), unless writes to it still wait.
    static func release(_ id: String, in state: CopyState) -> [StoreChange] {
        var changes: [StoreChange] = [.removePin(id)]
        var membership = state.sliceMembership
        membership.pins.remove(id)
        let waiting = state.queuedWrites(onItem: id).contains(where: LayOver.isWaiting)
        if let row = state.items[id], !membership.takes(itemId: id, type: row.type, tier: row.tier), !waiting {
            changes += state.removal(of: id, keepingWholeEdgesOf: membership.wholeEdgeTypes)
        }
        return changes
    }
}
