/// The kinds of number an option takes. Every numeric option of every command is read here, while the command line
/// is parsed and before any store is opened, so a value that is not a number, not finite, or too large for what it
/// counts is refused `usage` and changes nothing (issue 26 point 5, Decision 0081).
enum NumberKind: Sendable {
    /// Seconds to wait, such as `--for`: a decimal from 0 to `longestWait` (`inf`, `nan` and `1e20` are refused).
    case seconds
    /// A count of rows, such as `--limit`: a whole number from 0 to 4,294,967,295.
    case count
    /// An item's or edge's version: a whole number from 0 to 9,223,372,036,854,775,807.
    case version
    /// A TCP port: a whole number from 0 to 65,535.
    case port

    /// The longest wait a command takes, in seconds (about 31 years): anything longer is no wait a person means,
    /// and a clock cannot count it in milliseconds without overflowing.
    static let longestWait: Double = 1_000_000_000

    /// Reads `text`, given to `--name`, as this kind of number, or throws a usage error saying what it takes.
    func read(_ text: String, name: String) throws(UsageError) -> NumberValue {
        switch self {
        case .seconds:
            guard let seconds = Double(text), seconds.isFinite, (0...Self.longestWait).contains(seconds) else {
                throw UsageError("--\(name) takes seconds from 0 to \(Int(Self.longestWait)), not \(text)")
            }
            return .seconds(seconds)
        case .count: return .whole(try Self.whole(text, name: name, upTo: Int64(UInt32.max)))
        case .version: return .whole(try Self.whole(text, name: name, upTo: Int64.max))
        case .port: return .whole(try Self.whole(text, name: name, upTo: 65535))
        }
    }

    private static func whole(_ text: String, name: String, upTo largest: Int64) throws(UsageError) -> Int64 {
        guard let number = Int64(text), (0...largest).contains(number) else {
            throw UsageError("--\(name) takes a whole number from 0 to \(largest), not \(text)")
        }
        return number
    }
}

/// A numeric option's value, read by its `NumberKind`.
enum NumberValue: Sendable, Equatable {
    /// Seconds, finite and within `NumberKind.longestWait`.
    case seconds(Double)
    /// A whole number within its kind's range.
    case whole(Int64)
}
