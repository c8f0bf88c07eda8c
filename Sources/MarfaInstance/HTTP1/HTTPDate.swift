import Glibc
import MarfaLocks

/// The `Date` header value (IMF-fixdate, such as `Sun, 06 Nov 1994 08:49:37 GMT`), formatted once per second.
package enum HTTPDate {
    private static let cache = LockedValue<(second: Int, text: String)>((second: -1, text: ""))
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The current time as a `Date` header value.
    package static func now() -> String {
        let second = time(nil)
        return cache.withLock { cached in
            if cached.second != second {
                cached = (second: second, text: format(secondsSinceEpoch: second))
            }
            return cached.text
        }
    }

    /// Formats a Unix time as an IMF-fixdate in GMT.
    package static func format(secondsSinceEpoch: Int) -> String {
        var seconds = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = weekdays[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(weekday), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
