import Foundation

/// A `date` or `datetime` property read as a calendar day or as an instant; `hasTime` tells which.
public struct ItemDate: Sendable, Hashable {
    /// The moment: the start of the day in UTC for a day, the instant itself otherwise.
    public let date: Date
    /// Whether the value names a time of day (`datetime`) rather than a whole day (`date`).
    public let hasTime: Bool

    /// A whole day: the day `date` falls on in `calendar`, kept as `YYYY-MM-DD`.
    public static func day(_ date: Date, calendar: Calendar) -> ItemDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let start = utc.date(from: DateComponents(year: parts.year, month: parts.month, day: parts.day)) ?? date
        return ItemDate(date: start, hasTime: false)
    }

    /// An instant, kept as RFC 3339 with milliseconds in UTC.
    public static func instant(_ date: Date) -> ItemDate {
        ItemDate(date: date, hasTime: true)
    }

    /// The property value to put in an `Edit`: `YYYY-MM-DD` for a day, an RFC 3339 instant otherwise.
    public var jsonValue: JSONValue {
        guard hasTime else { return .string(String(Timestamp.string(from: date).prefix(10))) }
        return .string(Timestamp.string(from: date))
    }

    /// Reads a property value: `YYYY-MM-DD` as a day, RFC 3339 text as an instant, anything else as nil.
    public init?(_ value: JSONValue) {
        guard let text = value.string else { return nil }
        if text.utf8.count == 10, let day = Timestamp.date(from: text + "T00:00:00Z") {
            self.init(date: day, hasTime: false)
        } else if let instant = Timestamp.date(from: text) {
            self.init(date: instant, hasTime: true)
        } else {
            return nil
        }
    }

    private init(date: Date, hasTime: Bool) {
        self.date = date
        self.hasTime = hasTime
    }
}

extension Item {
    /// Reads a `date` or `datetime` property as an `ItemDate`, or nil when it holds neither.
    public func date(forProperty name: String, calendar: Calendar = .current) -> ItemDate? {
        property(name).flatMap(ItemDate.init)
    }
}
