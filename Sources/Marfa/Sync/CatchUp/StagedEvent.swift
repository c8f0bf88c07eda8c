import MarfaEngine

/// One stream event staged on the copy (its changes in memory, its record queued behind every earlier one) and
/// not yet known durable; `CatchUp.settle(_:)` waits for a burst of them at once.
struct StagedEvent {
    /// The event.
    let event: StreamEvent
    /// Whether the event was skipped as stale rather than applied.
    let skipped: Bool
    /// The cursor it moves the copy to.
    let cursor: String
    /// Its staged commit; nil when the event changes nothing.
    let commit: CopyActor.StagedCommit?
}
