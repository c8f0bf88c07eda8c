import MarfaRules

/// What `CopyActor.stageEvent` did with one event.
package enum EventStaging: Sendable {
    /// The event brings a never-held row into the slice, and its edges were not handed in: nothing changed; fetch
    /// the edges of `itemId` and hand the event in again with them (WC-25).
    case needsEdges(itemId: String)
    /// The event and the cursor move are staged in one record; `skipped` when the event was stale.
    case staged(CopyActor.StagedCommit?, skipped: Bool)
}
