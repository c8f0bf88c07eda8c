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
        if let contained = ContainsCandidates.rows(for: query, in: indexes), contained.count <= Self.smallSetLimit {
            return fromSmallSet(contained)
        }
        if let tagged = indexes.rows(taggedWithAll: query.filters.tags), tagged.count <= Self.smallSetLimit {
            return fromSmallSet(tagged)
        }
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

    /// Past this many candidates a tag's postings are walked through the sort index rather than sorted.
    static let smallSetLimit = 4096

    /// A rare tag's or a `contains` operand's few rows, filtered and sorted directly: cheaper than walking the whole time index past them.
    private func fromSmallSet(_ rows: RowSet) -> [Item] {
        let matching = rows.rows.compactMap { indexes.id(of: $0).flatMap { state.items[$0] } }.filter(evaluator.matches)
        let ordered = SortOrder(field: query.field, direction: query.direction).sorted(matching)
        return ListEvaluator.page(ordered, offset: query.filters.offset, limit: query.filters.limit)
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
