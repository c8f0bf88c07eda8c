/// Millisecond times written the way Marfa writes them (`2024-05-17T08:30:00.250Z`), without Foundation's
/// formatters, which would dominate generating a million items.
enum BenchTime {
    /// 2023-01-01T00:00:00Z, where the dataset's three years start.
    static let datasetStart: Int64 = 1_672_531_200_000
    /// Three years of milliseconds.
    static let datasetSpan: Int64 = 3 * 365 * 86_400_000
    /// One day of milliseconds.
    static let day: Int64 = 86_400_000

    /// RFC 3339 in UTC with milliseconds.
    static func timestamp(milliseconds: Int64) -> String {
        let (days, dayMilliseconds) = milliseconds.quotientAndRemainder(dividingBy: day)
        let (year, month, dayOfMonth) = civil(fromDays: Int(days))
        var bytes = [UInt8]()
        bytes.reserveCapacity(24)
        append(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(dayOfMonth, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        let seconds = Int(dayMilliseconds / 1000)
        append(seconds / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(seconds / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(seconds % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(Int(dayMilliseconds % 1000), width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A calendar day, `YYYY-MM-DD`.
    static func day(milliseconds: Int64) -> String {
        String(timestamp(milliseconds: milliseconds).prefix(10))
    }

    private static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
