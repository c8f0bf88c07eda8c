import Foundation

/// A source of monotonic time for backoffs, retries and timeouts, injected so tests advance time instead of
/// sleeping.
package protocol MonotonicClock: Sendable {
    /// The wall-clock time now, for what the app is shown (`lastSynced`); never used to time a wait.
    var wallTime: Date { get }

    /// The current instant; it never goes backwards.
    var now: ContinuousClock.Instant { get }

    /// Returns once `now` has reached `deadline`; throws `CancellationError` when the task is cancelled first.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

/// The system's continuous clock, which keeps counting while the machine sleeps, is the clock a running copy uses.
extension ContinuousClock: MonotonicClock {
    /// The system's wall-clock time.
    package var wallTime: Date { Date() }

    /// Sleeps until `deadline` with the system's default tolerance.
    package func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await sleep(until: deadline, tolerance: nil)
    }
}
