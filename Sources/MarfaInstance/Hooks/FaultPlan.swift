import MarfaLocks

/// The fault the `/__reference/faults` hook arms (P-99): how the next requests to other doors are answered.
package enum Fault: Sendable, Equatable {
    /// Refused with this status (`503` or `429`) and, when given, `Retry-After`.
    case status(Int, retryAfter: Int?)
    /// Answered as usual but without `X-Marfa-Contract`.
    case omitContract
    /// The connection closed before any answer.
    case drop
}

/// The armed fault and how many more requests it takes; every door but the hooks draws from it.
package final class FaultPlan: Sendable {
    private let armed = LockedValue<(fault: Fault, remaining: Int)?>(nil)

    /// Makes a plan with nothing armed.
    package init() {}

    /// Arms `fault` for the next `count` requests (none when `count` is 0), replacing what was armed.
    package func arm(_ fault: Fault, count: Int) {
        armed.withLock { $0 = count > 0 ? (fault, count) : nil }
    }

    /// The fault for the request now arriving, counting it, or nil when none is armed.
    package func take() -> Fault? {
        armed.withLock { armed in
            guard let current = armed else { return nil }
            armed = current.remaining > 1 ? (current.fault, current.remaining - 1) : nil
            return current.fault
        }
    }
}
