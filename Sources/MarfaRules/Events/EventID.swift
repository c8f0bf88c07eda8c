/// The id of one event in an instance's log, read from its canonical decimal text (P-28, P-29).
///
/// Canonical means digits only, no sign, no leading zero (bare `0` aside), at most 2^63−1; the copy's cursor and
/// `Last-Event-ID` both use this form, so ids compare as numbers and never as text.
package struct EventID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The id as a number.
    package let value: Int64

    /// Makes the id `value`; nil when it is negative.
    package init?(_ value: Int64) {
        guard value >= 0 else { return nil }
        self.value = value
    }

    /// Reads canonical decimal text; nil for an empty text, a sign, a leading zero, another character or overflow.
    package init?(canonical text: some StringProtocol) {
        let digits = text.utf8
        guard let first = digits.first else { return nil }
        guard first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, overflowShift) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflowShift, !overflowAdd else { return nil }
            value = sum
        }
        self.value = value
    }

    /// The canonical decimal text, as stored in the copy and sent as `Last-Event-ID`.
    package var description: String { String(value) }

    /// Orders ids as the log does: ascending numbers.
    package static func < (lhs: EventID, rhs: EventID) -> Bool { lhs.value < rhs.value }
}
