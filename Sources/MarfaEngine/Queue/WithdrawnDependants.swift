import MarfaRules

/// What a withdrawn create leaves behind (Q-35 step 3, Q-34): every write waiting on it, directly or down the chain,
/// is refused unsent with a reason naming the withdrawn kind, and can never be released, since what it waited for
/// is gone.
package enum WithdrawnDependants {
    /// The writes still to go that wait on the withdrawn `write`, or on one refused here, each refused as of `now`,
    /// in queue order; none when `write` is no create.
    package static func refused(after write: QueuedWrite, in state: CopyState, now: String) -> [QueuedWrite] {
        guard write.kind == .createItem || write.kind == .createEdge else { return [] }
        let refusal = Refusal(reason: reason(withdrawn: write.kind))
        var gone: Set<String> = [write.id]
        var refused: [QueuedWrite] = []
        for dependant in state.queue where isStillToGo(dependant) && dependant.dependsOn.contains(where: gone.contains)
        {
            var settled = dependant
            settled.verdict = .refused(refusal)
            settled.answeredAt = now
            refused.append(settled)
            gone.insert(dependant.id)
        }
        return refused
    }

    /// The changes that take away what the refused `writes` showed: a create's row (with the edges it carried) or
    /// edge; another write's row goes with the withdrawn create's.
    package static func removals(of writes: [QueuedWrite]) -> [StoreChange] {
        writes.flatMap { write -> [StoreChange] in
            switch (write.kind, write.itemId, write.edgeId) {
            case (.createEdge, _, let edgeId?): return [.removeEdge(id: edgeId)]
            case (.createItem, let itemId?, _):
                return LayOver.inlineEdges(of: write).map { .removeEdge(id: $0.id) } + [.removeItem(id: itemId)]
            default: return []
            }
        }
    }

    /// Whether `refusal` is one made for a withdrawn dependency: never releasable.
    package static func names(_ refusal: Refusal) -> Bool {
        refusal.code == nil && refusal.reason.hasSuffix(withdrawnSuffix)
    }

    /// "the create_item it waits for was withdrawn".
    private static func reason(withdrawn kind: WriteKind) -> String {
        "the \(kind.rawValue)" + withdrawnSuffix
    }

    private static let withdrawnSuffix = " it waits for was withdrawn"

    /// Whether `write` has yet to go: unanswered, or blocked (held for the create, or waiting on a release).
    private static func isStillToGo(_ write: QueuedWrite) -> Bool {
        switch write.verdict {
        case nil, .blocked?: return true
        default: return false
        }
    }
}
