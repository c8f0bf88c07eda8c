import MarfaRules

/// Milliseconds since 1970 for an RFC 3339 text, for comparing times as the instance does (not as text).
package enum TimeKey {
    /// The time in milliseconds, or `Int64.min` for unreadable text.
    package static func milliseconds(_ text: String) -> Int64 {
        readMilliseconds(text) ?? .min
    }

    /// The time in milliseconds, or nil for text that is not RFC 3339: the canonical form read without allocating
    /// (`CanonicalTime`), any other offset or fraction through `Timestamp`.
    package static func readMilliseconds(_ text: String) -> Int64? {
        if let canonical = CanonicalTime.milliseconds(text) { return canonical }
        guard let date = Timestamp.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// An item's three times in milliseconds: the numbers it holds when its texts are canonical (Decision 0023),
    /// else each text read as above.
    package static func times(of item: Item) -> (created: Int64, updated: Int64, occurred: Int64) {
        item.timeMilliseconds
            ?? (milliseconds(item.createdAt), milliseconds(item.updatedAt), milliseconds(item.occurredAt))
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
            let keyed = rows.map { (PropertySortKey($0.property(name)), $0) }
            return keyed.sorted { left, right in
                switch (left.0, right.0) {
                case (.missing, .missing): return left.1.id < right.1.id
                case (.missing, _): return false
                case (_, .missing): return true
                case (let l, let r) where l != r: return direction == .ascending ? l < r : r < l
                default: return left.1.id < right.1.id
                }
            }.map(\.1)
        }
    }

    private func timeKey(_ item: Item) -> Int64 {
        let times = TimeKey.times(of: item)
        switch field {
        case .createdAt: return times.created
        case .updatedAt: return times.updated
        default: return times.occurred
        }
    }
}
