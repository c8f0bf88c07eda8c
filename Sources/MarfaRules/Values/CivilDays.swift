/// Proleptic Gregorian calendar arithmetic on day counts since 1970-01-01 (Howard Hinnant's algorithms), shared by
/// the filter's timestamp reading and the canonical item times.
enum CivilDays {
    /// Whether `year` is a leap year.
    static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The days in `month` (1–12) of `year`.
    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date, counting March as the first month of the year.
    static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01.
    static func civil(fromDays count: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = count + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// `value / divisor` rounded down (towards negative infinity) for a positive divisor.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
