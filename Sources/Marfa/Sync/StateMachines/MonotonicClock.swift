/// A source of monotonic time for backoffs and retries, injected so tests advance time instead of sleeping.
package protocol MonotonicClock: Sendable {
    /// The current instant; it never goes backwards.
    var now: ContinuousClock.Instant { get }
}

/// The system's continuous clock, which keeps counting while the machine sleeps, is the clock a running copy uses.
extension ContinuousClock: MonotonicClock {}
