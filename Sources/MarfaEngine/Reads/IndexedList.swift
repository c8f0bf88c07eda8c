import MarfaRules

/// A list answered from the read indexes: rows come out of a time or property sort index already ordered, the walk
/// starts at the time bound that applies and stops at the other or at the limit, filters are decided from row
/// facts, and only the rows returned are read as items; a filter that leaves few candidates (a rare tag, a tier,
/// a subtree, a `contains`) sorts just those. No read sorts or scans every row when an index applies (issue 3).
///
/// The items, catalog and indexes are passed to `rows(items:catalog:indexes:)` rather than held: holding the state
/// and indexes copied both (a retain of every array and dictionary they hold, and a release after) on every list.
package struct IndexedList {
    let query: ListQuery
    let evaluator: ListEvaluator
    /// The type codes the query keeps, when a prepared list worked them out for the indexes the list reads (else
    /// the row filter works them out).
    var keptTypes: KeptTypes?
    /// Past this many candidates the rows are walked through the sort index rather than sorted (tests lower it to
    /// reach the walk on small data).
    var smallSetLimit = 4096
    /// Whether candidates within `smallSetLimit` are first walked, within a budget, before being sorted
    /// (`walked`); tests turn it off to reach the sort on data where the walk would win.
    var weighsWalk = true

    /// The rows, or nil for a property sort whose index is not built (`CopyActor.preparePropertySort`), which the
    /// evaluator then answers.
    /// - Complexity: O(log n + rows walked), where the walk ends after `offset + limit` matches; O(c log c) for
    ///   c candidates at most `smallSetLimit`, after a walk of at most c entries.
    package func rows(
        items: borrowing ItemTable, catalog: borrowing CatalogSnapshot, indexes: borrowing ReadIndexes
    ) -> [Item]? {
        let filter = RowFilter(
            query: query, keptTypes: keptTypes, indexes: indexes, items: items, catalog: catalog,
            subtree: evaluator.subtree)
        if let candidates = filter.candidates, candidates.count <= smallSetLimit {
            if weighsWalk, fillsPage(within: candidates.count),
                let page = walked(filter, items: items, indexes: indexes, budget: candidates.count)
            {
                return page
            }
            return fromSmallSet(candidates, filter: filter, items: items, facts: indexes.facts)
        }
        return walked(filter, items: items, indexes: indexes, budget: .max)
    }

    /// The page read from the query's sort index, or nil when the index is not built or the walk visited more than
    /// `budget` entries before the page was full.
    ///
    /// With a budget of the candidate count the walk is tried first when few candidates remain: sorting them
    /// visits every one anyway, so a walk that fills the page within that many entries (the candidates are a large
    /// share of the index: every note of a small copy, or a time range) is cheaper, and one that does not costs at
    /// most as much again as the sort.
    private func walked(
        _ filter: RowFilter, items: borrowing ItemTable, indexes: borrowing ReadIndexes, budget: Int
    ) -> [Item]? {
        var page = Page(table: copy items, evaluator: evaluator, query: query, filter: filter, budget: budget)
        switch query.field {
        case .property(let name):
            guard let index = indexes.properties[name] else { return nil }
            index.forEachInPropertyOrder(descending: query.direction == .descending) { entry in
                page.visit(entry.row, brief: entry.brief, filter)
            }
        case .createdAt, .updatedAt, .occurredAt:
            guard let index = indexes.timeIndex(query.field) else { return nil }
            walk(index) { entry in page.visit(entry.row, brief: entry.brief, filter) }
        }
        return page.isOverBudget ? nil : page.items
    }

    /// Whether a walk could fill the page within `budget` entries: it visits at least the offset plus the limit,
    /// so past the budget (or with no limit) it would only add its cost to the sort's.
    private func fillsPage(within budget: Int) -> Bool {
        guard let limit = query.filters.limit else { return false }
        return Int(query.filters.offset ?? 0) + Int(limit) <= budget
    }

    /// The rows taken so far, after skipping the offset, up to the limit.
    private struct Page {
        let table: ItemTable
        let evaluator: ListEvaluator
        /// Whether a row that passed the row filter is still read and checked against the grammar filter (the
        /// row filter does not decide it, `RowFilter.decidesExpression`).
        let checksExpression: Bool
        var offset: Int
        let limit: Int?
        /// The most entries a walk may visit.
        let budget: Int
        /// The entries a walk visited.
        var visited = 0
        var items: [Item] = []

        init(table: ItemTable, evaluator: ListEvaluator, query: ListQuery, filter: RowFilter, budget: Int = .max) {
            self.table = table
            self.evaluator = evaluator
            checksExpression = evaluator.hasExpression && !filter.decidesExpression
            self.budget = budget
            offset = Int(query.filters.offset ?? 0)
            limit = query.filters.limit.map(Int.init)
            items.reserveCapacity(min(limit ?? 64, 1024))
        }

        /// Whether a walk went past its budget before the page was full.
        var isOverBudget: Bool { visited > budget }

        /// Visits one walked entry, the row with the brief its entry carries: takes the row if it passes `filter`;
        /// answers whether the walk goes on (not past the budget, the page not full).
        @inline(__always)
        mutating func visit(_ row: RowID, brief: RowFacts.Brief, _ filter: RowFilter) -> Bool {
            visited += 1
            guard visited <= budget else { return false }
            return !filter.matchesWalked(row, brief: brief) || take(row)
        }

        /// Takes the row if its item passes the grammar filter (unless the row filter decided it); answers whether
        /// the walk goes on.
        @inline(__always)
        mutating func take(_ row: RowID) -> Bool {
            if checksExpression {
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

    /// Walks a time index in the query's direction between the bounds the filters give; inlined into its one
    /// caller, so `body` is not a call per entry.
    @inline(__always)
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
        var page = Page(table: table, evaluator: evaluator, query: query, filter: filter)
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

    /// The bounds on the walked key that the filters give: occurred bounds for an occurred sort, updated bounds
    /// for an updated sort, each with its own rule (`TimeBounds`).
    private func bounds() -> (lower: (value: Int64, inclusive: Bool)?, upper: (value: Int64, inclusive: Bool)?) {
        switch query.field {
        case .occurredAt: return (query.occurredBounds.lower, query.occurredBounds.upper)
        case .updatedAt: return (query.updatedBounds.lower, query.updatedBounds.upper)
        default: return (nil, nil)
        }
    }
}
