import MarfaRules

/// The auto-pin rule (WC-41, Decision 0107): a create the slice does not take, by type or tier, is pinned in the
/// step that queues it, so its row stays held after its answer and its own event. A copy with no slice yet pins
/// nothing; its first fill lays the waiting create over whatever slice it names (WC-34).
enum AutoPin {
    /// The pin the create of `item` takes, judged against `state` as it is when the create is queued.
    static func changes(creating item: Item, in state: CopyState) -> [StoreChange] {
        guard state.slice != nil, !state.pins.contains(item.id),
            !state.sliceMembership.takes(itemId: item.id, type: item.type, tier: item.tier)
        else { return [] }
        return [.addPin(item.id)]
    }
}
