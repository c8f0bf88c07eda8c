import Synchronization

/// A clock that moves only when told, for tests of backoffs and retries.
package final class ManualClock: MonotonicClock {
    private let origin: ContinuousClock.Instant
    private let elapsed = Mutex(Duration.zero)

    /// Makes a clock standing at `origin`.
    package init(origin: ContinuousClock.Instant = ContinuousClock().now) {
        self.origin = origin
    }

    /// The origin plus every advance so far.
    package var now: ContinuousClock.Instant {
        origin.advanced(by: elapsed.withLock { $0 })
    }

    /// Moves the clock forward by `duration`; a negative duration is refused as a no-op, keeping time monotonic.
    package func advance(by duration: Duration) {
        guard duration > .zero else { return }
        elapsed.withLock { $0 += duration }
    }
}
