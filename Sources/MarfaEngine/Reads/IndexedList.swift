import MarfaRules

/// A list answered from the read indexes: rows come out of a time or property sort index already ordered, the walk
/// starts at the time bound that applies and stops at the other or at the limit, filters are decided from row
/// facts, and only the rows returned are read as items; a filter that leaves few candidates (a rare tag, a tier,
/// a subtree) sorts just those. No read sorts or scans every row when an index applies (issue 3).
///
/// The items, catalog and indexes are passed to `rows(items:catalog:indexes:)` rather than held: holding the state
/// and indexes copied both (a retain of every array and dictionary they hold, and a release after) on every list.
package struct IndexedList {
    let query: ListQuery
    let evaluator: ListEvaluator
    /// Past this many candidates the rows are walked through the sort index rather than sorted (tests lower it to
    /// reach the walk on small data).
    var smallSetLimit = 4096

    /// The rows, or nil for a property sort whose index is not built (`CopyActor.preparePropertySort`), which the
    /// evaluator then answers.
    /// - Complexity: O(log n + rows walked), where the walk ends after `offset + limit` matches; O(c log c) for
    ///   c candidates at most `smallSetLimit`.
    package func rows(items: ItemTable, catalog: CatalogSnapshot, indexes: ReadIndexes) -> [Item]? {
        let filter = RowFilter(
            query: query, indexes: indexes, items: items, catalog: catalog,
            subtree: evaluator.subtree)
        if let contained = ContainsCandidates.rows(for: query, in: indexes), contained.count <= smallSetLimit {
            return fromSmallSet(contained, filter: filter, items: items, facts: indexes.facts)
        }
        if let candidates = filter.candidates, candidates.count <= smallSetLimit {
            return fromSmallSet(candidates, filter: filter, items: items, facts: indexes.facts)
        }
        var page = Page(table: items, evaluator: evaluator, filters: query.filters)
        switch query.field {
        case .property(let name):
            guard let index = indexes.properties[name] else { return nil }
            index.forEachInPropertyOrder(descending: query.direction == .descending) { entry in
                !filter.matches(entry.row) || page.take(entry.row)
            }
        case .createdAt, .updatedAt, .occurredAt:
            guard let index = indexes.timeIndex(query.field) else { return nil }
            walk(index) { entry in !filter.matches(entry.row) || page.take(entry.row) }
        }
        return page.items
    }

    /// The rows taken so far, after skipping the offset, up to the limit.
    private struct Page {
        let table: ItemTable
        let evaluator: ListEvaluator
        var offset: Int
        let limit: Int?
        var items: [Item] = []

        init(table: ItemTable, evaluator: ListEvaluator, filters: ListFilters) {
            self.table = table
            self.evaluator = evaluator
            offset = Int(filters.offset ?? 0)
            limit = filters.limit.map(Int.init)
            items.reserveCapacity(min(limit ?? 64, 1024))
        }

        /// Takes the row if its item passes the grammar filter; answers whether the walk goes on.
        @inline(__always)
        mutating func take(_ row: RowID) -> Bool {
            if evaluator.hasExpression {
                guard let item = table[row: row], evaluator.matchesExpression(item) else { return true }
            }
            if offset > 0 {
                offset -= 1
                return true
            }
            guard let item = table[row: row] else { return true }
            items.append(item)
            return limit.map { items.count < $0 } ?? true
        }
    }

    /// Walks a time index in the query's direction between the bounds the filters give.
    private func walk(_ index: SortIndex<Int64>, _ body: (SortIndex<Int64>.Entry) -> Bool) {
        let ascending = query.direction == .ascending
        let (lower, upper) = bounds()
        let from = ascending ? lower : upper
        let start: SortStart<Int64> = from.map { .key($0.value, inclusive: $0.inclusive) } ?? .edge
        let stop = ascending ? upper : lower
        index.forEach(ascending ? .ascending : .descending, from: start) { entry in
            if let stop {
                let past = ascending
                    ? (stop.inclusive ? entry.key > stop.value : entry.key >= stop.value)
                    : (stop.inclusive ? entry.key < stop.value : entry.key <= stop.value)
                if past { return false }
            }
            return body(entry)
        }
    }

    /// A few candidates, filtered and sorted directly: cheaper than walking a whole sort index past them.
    private func fromSmallSet(
        _ candidates: RowSet, filter: RowFilter, items table: ItemTable, facts: RowFacts
    ) -> [Item] {
        var page = Page(table: table, evaluator: evaluator, filters: query.filters)
        let matching = candidates.filter(filter.matches)
        switch query.field {
        case .property:
            let items = matching.compactMap { table[row: $0] }
            for item in SortOrder(field: query.field, direction: query.direction).sorted(items) {
                guard let row = table.row(of: item.id), page.take(row) else { break }
            }
        case .createdAt, .updatedAt, .occurredAt:
            let field = query.field
            let ascending = query.direction == .ascending
            let keyed = matching.compactMap { row in facts[row].map { (key: $0.time(field), row: row) } }
            let ordered = keyed.sorted { left, right in
                if left.key != right.key { return ascending ? left.key < right.key : left.key > right.key }
                let leftId = table[row: left.row]?.id ?? ""
                let rightId = table[row: right.row]?.id ?? ""
                return ascending ? leftId < rightId : leftId > rightId
            }
            for entry in ordered where !page.take(entry.row) { break }
        }
        return page.items
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
