import MarfaRules

/// How a new write is chained behind the queue: the create it waits for and the write it follows.
package enum QueueLinks {
    /// The unanswered (or blocked) create of `itemId`, if the instance has not taken it yet.
    package static func pendingCreate(of itemId: String, in queue: [QueuedWrite]) -> QueuedWrite? {
        queue.first { write in
            write.kind == .createItem && write.itemId == itemId && !isTaken(write)
        }
    }

    /// The last unanswered write on the same item (for item writes) or edge (for edge writes).
    package static func lastUnanswered(itemId: String?, edgeId: String?, in queue: [QueuedWrite]) -> QueuedWrite? {
        queue.last { write in
            guard write.isUnanswered else { return false }
            if let edgeId { return write.edgeId == edgeId }
            return itemId != nil && write.itemId == itemId && write.edgeId == nil
        }
    }

    private static func isTaken(_ write: QueuedWrite) -> Bool {
        switch write.verdict {
        case .accepted?, .merged?, .conflicted?: return true
        default: return false
        }
    }
}
