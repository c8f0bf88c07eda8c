import MarfaRules

/// How a new write is chained behind the queue: the create it waits for and the write it follows.
///
/// - Complexity: O(writes queued on that item or edge), through the state's per-row queue index.
package enum QueueLinks {
    /// The unanswered, blocked or dead create of `itemId`, if the instance has not taken it yet. A refused create
    /// is not one: it left nothing, or it landed on a row the instance holds, which a later edit of that row
    /// depends on no create for.
    package static func pendingCreate(of itemId: String, in state: CopyState) -> QueuedWrite? {
        state.queuedWrites(onItem: itemId).first { write in
            write.kind == .createItem && write.itemId == itemId && !isTaken(write) && !isRefused(write)
        }
    }

    private static func isRefused(_ write: QueuedWrite) -> Bool {
        if case .refused? = write.verdict { return true }
        return false
    }

    /// The last unanswered write on the same item (for item writes) or edge (for edge writes).
    package static func lastUnanswered(itemId: String?, edgeId: String?, in state: CopyState) -> QueuedWrite? {
        if let edgeId {
            return state.queuedWrites(onEdge: edgeId).last { $0.isUnanswered }
        }
        guard let itemId else { return nil }
        return state.queuedWrites(onItem: itemId).last { $0.isUnanswered && $0.edgeId == nil }
    }

    private static func isTaken(_ write: QueuedWrite) -> Bool {
        switch write.verdict {
        case .accepted?, .merged?, .conflicted?: return true
        default: return false
        }
    }
}
