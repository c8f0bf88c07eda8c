/// The instance's lenient reading of a timestamp in a filter: `YYYY[-MM[-DD]]`, then optionally `THH:MM[:SS[.f…]]`
/// and `Z` or `±HH[:]MM` (UTC when absent), written back as UTC with milliseconds.
enum FilterTimestamp {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// The canonical text (`2026-01-01T00:00:00.000Z`) for `text`, or a refusal naming `field`.
    static func normalized(_ text: String, field: String) throws(MarfaError) -> String {
        guard let milliseconds = instant(of: Array(text.utf8)) else {
            throw FilterRules.refusal("Invalid \(field): expected an RFC 3339 timestamp")
        }
        let days = CivilDays.floorDivide(milliseconds, millisecondsPerDay)
        let (year, month, day) = CivilDays.civil(fromDays: days)
        guard (0...9999).contains(year) else {
            throw FilterRules.refusal("Invalid \(field): the UTC year must be between 0000 and 9999")
        }
        let inDay = milliseconds - days * millisecondsPerDay
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
            + padded(inDay / 3_600_000, 2) + ":" + padded(inDay / 60_000 % 60, 2) + ":"
            + padded(inDay / 1000 % 60, 2) + "." + padded(inDay % 1000, 3) + "Z"
    }

    /// Milliseconds since 1970 for the text, or nil when it is not a timestamp the instance reads.
    private static func instant(of bytes: [UInt8]) -> Int64? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4) else { return nil }
        var month: Int64 = 1
        var day: Int64 = 1
        if reader.take("-") {
            guard let read = reader.digits(2) else { return nil }
            month = read
        }
        if reader.take("-") {
            guard let read = reader.digits(2) else { return nil }
            day = read
        } else if !reader.atEnd {
            return nil
        }
        guard (1...12).contains(month), (1...CivilDays.daysIn(month: month, year: year)).contains(day) else { return nil }
        let midnight = CivilDays.days(fromYear: year, month: month, day: day) * millisecondsPerDay
        if reader.atEnd { return midnight }
        guard reader.take("T"), let hour = reader.digits(2), reader.take(":"), let minute = reader.digits(2) else {
            return nil
        }
        var second: Int64 = 0
        var millisecond: Int64 = 0
        var fractionIsZero = true
        if reader.take(":") {
            guard let read = reader.digits(2) else { return nil }
            second = read
            if reader.take(".") {
                guard let fraction = reader.fraction() else { return nil }
                (millisecond, fractionIsZero) = fraction
            }
        }
        guard hour <= 24, minute <= 59, second <= 59,
            hour < 24 || (minute == 0 && second == 0 && fractionIsZero)
        else { return nil }
        var offsetMinutes: Int64 = 0
        if !reader.take("Z"), !reader.atEnd {
            let sign: Int64
            if reader.take("+") {
                sign = 1
            } else if reader.take("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = reader.digits(2) else { return nil }
            _ = reader.take(":")
            guard let minutes = reader.digits(2), hours <= 23, minutes <= 59 else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard reader.atEnd else { return nil }
        return midnight + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + millisecond
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Walks the bytes of a timestamp.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// Takes `character` when it comes next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// Takes exactly `count` ASCII digits as a number.
        mutating func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + count)] {
                guard let digit = Self.digit(byte) else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        /// Takes one or more fraction digits: the milliseconds they start with, and whether all of them are zero.
        mutating func fraction() -> (milliseconds: Int64, isZero: Bool)? {
            let start = index
            var milliseconds: Int64 = 0
            var isZero = true
            while index < bytes.count, let digit = Self.digit(bytes[index]) {
                if index - start < 3 { milliseconds = milliseconds * 10 + digit }
                isZero = isZero && digit == 0
                index += 1
            }
            let count = index - start
            guard count > 0 else { return nil }
            for _ in count..<max(count, 3) { milliseconds *= 10 }
            return (milliseconds, isZero)
        }

        private static func digit(_ byte: UInt8) -> Int64? {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
        }
    }
}
