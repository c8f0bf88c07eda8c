import MarfaRules

/// Milliseconds since 1970 for an RFC 3339 text, for comparing times as the instance does (not as text).
package enum TimeKey {
    /// The time in milliseconds, or `Int64.min` for unreadable text.
    package static func milliseconds(_ text: String) -> Int64 {
        guard let date = Timestamp.date(from: text) else { return .min }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// A property value as a list sorts it (F047): numbers and booleans first, then text; a missing value last in
/// either direction.
package enum PropertyOrderKey: Comparable, Sendable {
    case number(Double)
    case text(String)

    /// The key of a property value, or nil when the item has no value to sort by.
    package init?(_ value: JSONValue?) {
        switch value {
        case .bool(let flag)?: self = .number(flag ? 1 : 0)
        case .integer(let number)?: self = .number(Double(number))
        case .number(let number)?: self = .number(number)
        case .string(let text)?: self = .text(text)
        default: return nil
        }
    }

    /// Numbers before text; text by UTF-8 bytes.
    package static func < (lhs: PropertyOrderKey, rhs: PropertyOrderKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let left), .number(let right)): return left < right
        case (.number, .text): return true
        case (.text, .number): return false
        case (.text(let left), .text(let right)): return Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
        }
    }
}

/// The order of a list: a field and a direction; time ties by id in the same direction (as the instance orders),
/// property ties by id oldest first (F045–F047).
package struct SortOrder: Sendable {
    /// The field.
    package let field: SortField
    /// The direction.
    package let direction: SortDirection

    /// Sorts rows by this order.
    /// - Complexity: O(n log n); the indexed path walks a sort index instead when one applies.
    package func sorted(_ rows: [Item]) -> [Item] {
        switch field {
        case .createdAt, .updatedAt, .occurredAt:
            let keyed = rows.map { (timeKey($0), $0) }
            return keyed.sorted { left, right in
                if left.0 != right.0 { return direction == .ascending ? left.0 < right.0 : left.0 > right.0 }
                return direction == .ascending ? left.1.id < right.1.id : left.1.id > right.1.id
            }.map(\.1)
        case .property(let name):
            let keyed = rows.map { (PropertyOrderKey($0.properties[name]), $0) }
            return keyed.sorted { left, right in
                switch (left.0, right.0) {
                case (let l?, let r?) where l != r: return direction == .ascending ? l < r : r < l
                case (nil, _?): return false
                case (_?, nil): return true
                default: return left.1.id < right.1.id
                }
            }.map(\.1)
        }
    }

    private func timeKey(_ item: Item) -> Int64 {
        switch field {
        case .createdAt: return TimeKey.milliseconds(item.createdAt)
        case .updatedAt: return TimeKey.milliseconds(item.updatedAt)
        default: return TimeKey.milliseconds(item.occurredAt)
        }
    }
}
