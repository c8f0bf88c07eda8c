import MarfaRules

/// The copy expires once the instance takes a retype or an edge source move (seed 000 "Edits" and "Edges, tags and
/// extensions", F074, F091; Decision 0110): both move the key's read view (P-32), so the rows the copy holds were
/// read under a reach that no longer holds, and only a fill that clears them may be trusted again.
extension CopyActor {
    /// The changes that expire a bound copy after the instance took `write`: `expired` with no cursor, and the
    /// expiry recorded as the instance's stream would name it (`read_view_changed`); none for any other write, a
    /// tier move included (the read view does not move with tier, P-32), and none under the device contract.
    func expiry(afterTaking write: QueuedWrite) -> [StoreChange] {
        guard configuration.swiftFillRules, origin != nil, Self.movesReadView(write) else { return [] }
        return [.setHydration(.expired), .setCursor(nil), .setExpiry("read_view_changed")]
    }

    /// Whether `write` is a retype of an item or a move of an edge's source.
    static func movesReadView(_ write: QueuedWrite) -> Bool {
        switch write.kind {
        case .updateItem: return write.body["retype"] == true
        case .updateEdge: return write.body["source_id"] != nil
        default: return false
        }
    }
}
