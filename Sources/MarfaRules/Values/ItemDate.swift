import Foundation

/// A `date` or `datetime` property read as a `Date`, knowing whether it names a day or an instant (F020).
public struct ItemDate: Sendable, Hashable {
    /// The moment: for a day, the start of that day in the calendar it was read or made with; the instant otherwise.
    public let date: Date
    /// Whether the value names a time of day (`datetime`) rather than a whole day (`date`).
    public let hasTime: Bool
    /// A day's `YYYY-MM-DD`, whatever calendar placed `date`; nil for an instant.
    private let day: String?

    /// A whole day: the day `date` falls on in `calendar`, kept as `YYYY-MM-DD`.
    public static func day(_ date: Date, calendar: Calendar) -> ItemDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1)
        return ItemDate(day: text, calendar: calendar) ?? ItemDate(date: date, hasTime: false, day: text)
    }

    /// An instant, kept as RFC 3339 with milliseconds in UTC.
    public static func instant(_ date: Date) -> ItemDate {
        ItemDate(date: date, hasTime: true, day: nil)
    }

    /// The property value to put in an `Edit`: `YYYY-MM-DD` for a day, an RFC 3339 instant otherwise.
    public var jsonValue: JSONValue {
        .string(day ?? Timestamp.string(from: date))
    }

    /// Reads a property value: `YYYY-MM-DD` as a day starting at midnight UTC, RFC 3339 text as an instant, anything
    /// else as nil.
    public init?(_ value: JSONValue) {
        self.init(value, calendar: Self.utc)
    }

    /// Reads a property value: `YYYY-MM-DD` as the day starting at midnight in `calendar`'s time zone, RFC 3339 text
    /// as an instant, anything else as nil.
    public init?(_ value: JSONValue, calendar: Calendar) {
        guard let text = value.string else { return nil }
        if text.utf8.count == 10, Timestamp.dayStart(text) != nil, let day = ItemDate(day: text, calendar: calendar) {
            self = day
        } else if let instant = Timestamp.date(from: text) {
            self.init(date: instant, hasTime: true, day: nil)
        } else {
            return nil
        }
    }

    /// The day `text` (`YYYY-MM-DD`) starting at midnight in `calendar`.
    private init?(day text: String, calendar: Calendar) {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
        else { return nil }
        self.init(date: calendar.startOfDay(for: start), hasTime: false, day: text)
    }

    private init(date: Date, hasTime: Bool, day: String?) {
        self.date = date
        self.hasTime = hasTime
        self.day = day
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}

extension Item {
    /// Reads a `date` or `datetime` property as an `ItemDate`, or nil when it holds neither; a day starts at midnight
    /// in `calendar`'s time zone, so an app shows the day the item names (F020).
    public func date(forProperty name: String, calendar: Calendar = .current) -> ItemDate? {
        property(name).flatMap { ItemDate($0, calendar: calendar) }
    }
}
