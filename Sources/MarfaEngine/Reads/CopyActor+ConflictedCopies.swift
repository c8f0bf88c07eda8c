import MarfaRules

/// Conflicted copies (seeds 000 and 002, F011, F104): the sibling the instance writes when two writers changed a
/// keep-both field, tagged `conflicted-copy` with a `derived-from` edge to the item it was made from (P-67).
extension CopyActor {
    /// The tag the instance gives a conflicted copy (P-67).
    package static let conflictedCopyTag = "conflicted-copy"
    /// The edge type from a conflicted copy to its original (P-67).
    package static let derivedFromEdgeType = "derived-from"

    /// The conflicted copies of item `id` the copy holds out of the bin, oldest `derived-from` link first (F011);
    /// none for an item with none. The item itself need not be held. Throws `hydrationIncomplete` while the copy
    /// fills or is stale (F026).
    package func conflictedCopies(of id: String) throws(MarfaError) -> [Item] {
        try requireWholeCopy()
        let links = state.edges.records(to: id).map(\.edge).filter { $0.edgeType == Self.derivedFromEdgeType }
        var seen = Set<String>()
        var hints = catalogHints
        return links.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.compactMap { link -> Item? in
            guard let copy = state.items[link.sourceId], isConflictedCopy(copy), seen.insert(copy.id).inserted
            else { return nil }
            return hints.stamp(copy)
        }
    }

    /// The id of the item conflicted copy `id` was made from (F011), whether the copy holds it or not; nil for an
    /// item that is not a conflicted copy, one in the bin, or one the copy does not hold. Throws
    /// `hydrationIncomplete` while the copy fills or is stale (F026).
    package func original(ofConflictedCopy id: String) throws(MarfaError) -> String? {
        try requireWholeCopy()
        guard let copy = state.items[id], isConflictedCopy(copy) else { return nil }
        return state.edges.records(from: id).filter { $0.edgeType == Self.derivedFromEdgeType }
            .map(\.targetId).min()
    }

    private func isConflictedCopy(_ item: Item) -> Bool {
        item.state != .trashed && item.tags.contains(Self.conflictedCopyTag)
    }

    private func requireWholeCopy() throws(MarfaError) {
        guard try readCompleteness() == .complete else {
            throw MarfaError.hydrationIncomplete(message: "conflicted copies are read once the copy is whole")
        }
    }
}
