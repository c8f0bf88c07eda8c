/// The canonical form of an item's times, `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC, milliseconds, years 0000–9999), read
/// to and written from milliseconds since 1970 without allocating on the read.
///
/// A text in this form and its milliseconds stand for each other one to one, so an item can hold 8 bytes for
/// such a time instead of a 24-byte string on the heap (Decision 0023).
package enum CanonicalTime {
    /// The milliseconds `text` names when it is in the canonical form (every field in range, the day within its
    /// month), or nil for any other text, which formatting could not give back.
    /// - Complexity: O(1) (24 bytes read once).
    package static func milliseconds(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8(milliseconds(utf8:))
    }

    /// The canonical text of `milliseconds`.
    /// - Complexity: O(1); one string of 24 bytes.
    package static func text(_ milliseconds: Int64) -> String {
        String(unsafeUninitializedCapacity: 24) { buffer in
            fill(buffer, milliseconds)
            return 24
        }
    }

    /// Calls `body` with the canonical text of `milliseconds` as UTF-8 bytes on the stack, allocating nothing.
    package static func withText<Result>(
        _ milliseconds: Int64, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            fill(buffer, milliseconds)
            return try body(UnsafeBufferPointer(buffer))
        }
    }

    /// Writes the 24 bytes of the canonical text of `milliseconds` at the start of `buffer`.
    private static func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ milliseconds: Int64) {
        let days = CivilDays.floorDivide(milliseconds, 86_400_000)
        let dayMilliseconds = milliseconds - days * 86_400_000
        let (year, month, day) = CivilDays.civil(fromDays: days)
        let second = dayMilliseconds / 1000
        write(year, 4, then: "-", at: 0, buffer)
        write(month, 2, then: "-", at: 5, buffer)
        write(day, 2, then: "T", at: 8, buffer)
        write(second / 3600, 2, then: ":", at: 11, buffer)
        write(second / 60 % 60, 2, then: ":", at: 14, buffer)
        write(second % 60, 2, then: ".", at: 17, buffer)
        write(dayMilliseconds % 1000, 3, then: "Z", at: 20, buffer)
    }

    /// Writes `value` as `digits` decimal digits at `start`, then the separator `after`.
    @inline(__always)
    private static func write(
        _ value: Int64, _ digits: Int, then after: Unicode.Scalar, at start: Int,
        _ buffer: UnsafeMutableBufferPointer<UInt8>
    ) {
        var value = value
        for offset in stride(from: digits - 1, through: 0, by: -1) {
            buffer[start + offset] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
        buffer[start + digits] = UInt8(ascii: after)
    }

    /// The milliseconds the UTF-8 text `bytes` names when it is in the canonical form, or nil: `milliseconds(_:)`
    /// without a string, for a decoder reading times straight from its buffer.
    /// - Complexity: O(1) (24 bytes read once).
    package static func milliseconds(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 24, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            let millisecond = number(bytes, 20, 3), (1...12).contains(month),
            day >= 1, day <= CivilDays.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilDays.days(fromYear: year, month: month, day: day)
        return (days * 86_400 + hour * 3600 + minute * 60 + second) * 1000 + millisecond
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int64? {
        var value: Int64 = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
        }
        return value
    }
}
