import MarfaRules

extension CopyActor {
    /// Blocks every unanswered item create naming `source` `credential_refused` with `refusal`, after a create naming
    /// it was refused for a source the key does not claim: none of them is sent this pass, and nothing is
    /// reconciled, so each create's row and the writes waiting on it stay as they are. The block clears by itself
    /// before the next drain, whose first such create finds out whether the key claims the source now. Answers the
    /// writes blocked, in queue order.
    package func blockUnansweredCreates(naming source: String, refusal: Refusal) async throws(MarfaError)
        -> [QueuedWrite]
    {
        let now = configuration.writeContext.now()
        let blocked = state.queue.filter { write in
            write.isUnanswered && write.kind == .createItem && write.body["source"]?.string == source
        }.map { write -> QueuedWrite in
            var parked = write
            parked.verdict = .blocked(reason: .credentialRefused, refusal: refusal)
            parked.answeredAt = now
            return parked
        }
        try await commitJudged(blocked.map(StoreChange.putQueuedWrite), origin: .refreshed("drained"))
        return blocked
    }
}
