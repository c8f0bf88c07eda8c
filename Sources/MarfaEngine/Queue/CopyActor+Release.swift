import MarfaRules

extension CopyActor {
    /// Releases write `id` when it is blocked or dead, or was refused unsent for a create it waited on: it
    /// goes again under a fresh key with its count cleared. A write the instance refused is not releasable, nor one
    /// waiting for a dependency (that clears by itself), nor one refused for a withdrawn create; answers whether the
    /// release took.
    package func release(_ id: String) async throws(MarfaError) -> Bool {
        let write = try queuedWrite(id)
        guard Self.isReleasable(write, byReason: nil) else { return false }
        try await commitJudged([.putQueuedWrite(released(write))], origin: .refreshed("drained"))
        return true
    }

    /// Releases every write blocked for `reason`; a dead write has no reason and is released by id only.
    /// Answers how many were released.
    package func release(reason: BlockedReason) async throws(MarfaError) -> UInt64 {
        let changes = state.queue.filter { Self.isReleasable($0, byReason: reason) }.map {
            StoreChange.putQueuedWrite(released($0))
        }
        try await commitJudged(changes, origin: .refreshed("drained"))
        return UInt64(changes.count)
    }

    /// Drops every write the instance took (accepted, merged or conflicted) from the queue; answers how many. A
    /// refused write stays until it is discarded, and a blocked or dead one until it is released.
    package func forgetAnswered() async throws(MarfaError) -> UInt64 {
        let changes = state.queue.compactMap { write -> StoreChange? in
            switch write.verdict {
            case .accepted?, .merged?, .conflicted?: return .removeQueuedWrite(id: write.id)
            default: return nil
            }
        }
        try await commitJudged(changes, origin: .refreshed("drained"))
        return UInt64(changes.count)
    }

    private func released(_ write: QueuedWrite) -> QueuedWrite {
        var open = write
        open.verdict = nil
        open.answeredAt = nil
        open.refusals = 0
        open.idempotencyKey = configuration.writeContext.mintId()
        open.sentAt = nil
        return open
    }

    /// Whether `write` may be released, by id (`byReason` nil) or for a blocked reason.
    private static func isReleasable(_ write: QueuedWrite, byReason reason: BlockedReason?) -> Bool {
        switch (write.verdict, reason) {
        case (.blocked(.awaitingDependency, _)?, _): return false
        case (.blocked(let blocked, _)?, let wanted?): return blocked == wanted
        case (.blocked?, nil), (.dead?, nil): return true
        case (.refused(let refusal)?, nil): return refusal.code == nil && !WithdrawnDependants.names(refusal)
        default: return false
        }
    }
}
