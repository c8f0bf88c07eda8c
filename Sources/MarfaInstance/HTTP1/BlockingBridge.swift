import Dispatch
import MarfaLocks

/// Runs async work from a dedicated (non-pool) thread and blocks that thread until the work finishes or
/// `abandonWhen` turns true, checked every 100 ms. Never call it from the cooperative pool.
/// - Returns: the work's result, or nil when abandoned (the work keeps running; its result is dropped).
func runBlocking<Result: Sendable>(
    _ work: @escaping @Sendable () async -> Result, abandonWhen: () -> Bool
) -> Result? {
    let outcome = BlockingOutcome<Result>()
    Task {
        let result = await work()
        outcome.value.withLock { $0 = result }
        outcome.done.signal()
    }
    while outcome.done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
        if abandonWhen() { return nil }
    }
    return outcome.value.withLock { $0 }
}

/// Where the async work leaves its result for the blocked thread.
private final class BlockingOutcome<Result: Sendable>: Sendable {
    let value = LockedValue<Result?>(nil)
    let done = DispatchSemaphore(value: 0)
}
