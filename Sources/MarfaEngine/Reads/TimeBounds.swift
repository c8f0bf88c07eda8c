/// A list's bounds on one of an item's times, in milliseconds, with the rule that time's filters follow: the
/// `before` bound is exclusive, the `after` bound exclusive for `occurred_at` and inclusive for `updated_at` (F035,
/// F037). The evaluator, the row filter and the sort-index walk all read the bounds from here.
package struct TimeBounds: Sendable {
    /// The lower bound, if any.
    package let after: Int64?
    /// The upper bound (exclusive), if any.
    package let before: Int64?
    /// Whether a time equal to `after` is kept.
    package let afterIsInclusive: Bool

    /// Whether either bound is given.
    package var isBounded: Bool { after != nil || before != nil }

    /// The lower bound with whether a time on it is kept, for a walk that starts or stops there.
    package var lower: (value: Int64, inclusive: Bool)? { after.map { ($0, afterIsInclusive) } }

    /// The upper bound with whether a time on it is kept (never), for a walk that starts or stops there.
    package var upper: (value: Int64, inclusive: Bool)? { before.map { ($0, false) } }

    /// Whether `time` lies within the bounds.
    @inline(__always)
    package func contains(_ time: Int64) -> Bool {
        if let after, afterIsInclusive ? time < after : time <= after { return false }
        if let before, time >= before { return false }
        return true
    }
}
