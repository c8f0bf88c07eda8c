/// A wait that starts at `first` and doubles after each failure up to `limit`, until reset.
package struct RetryBackoff: Sendable, Hashable {
    /// The first wait.
    package let first: Duration
    /// The longest wait.
    package let limit: Duration
    private var last: Duration?

    /// Makes a backoff from `first` doubling up to `limit`.
    package init(first: Duration, limit: Duration) {
        self.first = first
        self.limit = limit
    }

    /// The wait before the next try, counting this failure: `first`, then twice the last one, never above `limit`.
    package mutating func nextDelay() -> Duration {
        let delay = last.map { min($0 * 2, limit) } ?? min(first, limit)
        last = delay
        return delay
    }

    /// Starts the waits again from `first`.
    package mutating func reset() {
        last = nil
    }
}
