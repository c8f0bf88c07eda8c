import MarfaLocks

/// A flag one task sets and another polls.
final class DoneFlag: Sendable {
    private let value = LockedValue(false)

    /// A flag not yet set.
    init() {}

    /// Whether the flag is set.
    var isSet: Bool { value.withLock { $0 } }

    /// Sets the flag.
    func set() { value.withLock { $0 = true } }
}
