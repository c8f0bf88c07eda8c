import MarfaEngine

/// The queue of writes, in send order, answered and unanswered.
public struct Queue: Sendable {
    let engine: CopyActor

    /// Every queued write in send order.
    public func all() async throws -> [QueuedWrite] {
        await engine.state.queue
    }
}
