import MarfaEngine

/// Asks the instance about every link by title a saved body still waits on, and hands each answer to the copy, which
/// makes the link's edge in the same turn (seed 002 "Check links as you type", F100). A drain does this before it
/// sends the queue, so the edges go in the same pass.
struct LinkLookups {
    let client: InstanceClient
    let engine: CopyActor

    /// Answers the pending lookups in turn; answers how many were recorded. A lookup the instance fails ends the
    /// round, leaving that link and the rest pending for the next drain, whose pass reports the failure itself.
    func answerPending() async -> Int {
        let lookup = TitleLookup(client: client)
        var answered = 0
        for pending in await engine.pendingLinkLookups() {
            if Task.isCancelled { break }
            do throws(MarfaError) {
                let ids = try await lookup.ids(named: pending.name, field: pending.titleField)
                if try await engine.answerLinkLookup(itemId: pending.itemId, name: pending.name, ids: ids) != nil {
                    answered += 1
                }
            } catch {
                break
            }
        }
        return answered
    }
}
