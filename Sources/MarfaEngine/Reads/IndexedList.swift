import MarfaRules

/// A list answered by walking the sort index of its time field: rows come out already ordered, the walk starts at
/// the time bound that applies and stops at the other or at the limit, so no read sorts the whole set.
package struct IndexedList {
    let query: ListQuery
    let state: CopyState
    let indexes: ReadIndexes
    let evaluator: ListEvaluator

    /// The rows, or nil when the sort has no index (a property sort), which the evaluator then answers.
    /// - Complexity: O(log n + rows walked), where the walk ends after `offset + limit` matches.
    package func rows() -> [Item]? {
        guard let index = indexes.timeIndex(query.field) else { return nil }
        let ascending = query.direction == .ascending
        let (lower, upper) = bounds()
        let start: SortStart<Int64>
        if ascending {
            start = lower.map { .key($0.value, inclusive: $0.inclusive) } ?? .edge
        } else {
            start = upper.map { .key($0.value, inclusive: $0.inclusive) } ?? .edge
        }
        let stop = ascending ? upper : lower
        var skip = Int(query.filters.offset ?? 0)
        let limit = query.filters.limit.map(Int.init)
        var result: [Item] = []
        index.forEach(ascending ? .ascending : .descending, from: start) { entry in
            if let stop {
                let past = ascending
                    ? (stop.inclusive ? entry.key > stop.value : entry.key >= stop.value)
                    : (stop.inclusive ? entry.key < stop.value : entry.key <= stop.value)
                if past { return false }
            }
            guard let id = indexes.id(of: entry.row), let item = state.items[id], evaluator.matches(item) else {
                return true
            }
            if skip > 0 {
                skip -= 1
                return true
            }
            result.append(item)
            return limit.map { result.count < $0 } ?? true
        }
        return result
    }

    /// The bounds on the walked key that the filters give: occurred bounds for an occurred sort (exclusive both),
    /// updated bounds for an updated sort (inclusive after, exclusive before).
    private func bounds() -> (lower: (value: Int64, inclusive: Bool)?, upper: (value: Int64, inclusive: Bool)?) {
        let filters = query.filters
        switch query.field {
        case .occurredAt:
            return (filters.occurredAfter.map { (TimeKey.milliseconds($0), false) },
                    filters.occurredBefore.map { (TimeKey.milliseconds($0), false) })
        case .updatedAt:
            return (filters.updatedAfter.map { (TimeKey.milliseconds($0), true) },
                    filters.updatedBefore.map { (TimeKey.milliseconds($0), false) })
        default:
            return (nil, nil)
        }
    }
}
