import MarfaLocks

/// A settable clock for the write planner, so a create shows the same timestamps as the peer's row.
final class BenchClock: Sendable {
    private let value = LockedValue<String>("2026-01-01T00:00:00.000Z")

    /// Makes a clock at a fixed time.
    init() {}

    /// The time the next create is planned at.
    var now: String {
        value.withLock { $0 }
    }

    /// Sets the time the next create is planned at.
    func set(_ timestamp: String) {
        value.withLock { $0 = timestamp }
    }
}
