import MarfaRules

/// One page of `GET /items` (P-22): the rows of the selected types that pass every condition, in order, after the
/// cursor's position.
///
/// In the default created order the page walks the created-order indexes from the cursor, so it costs O(page) plus
/// the rows it skips; other orders sort the matching rows, O(n log n).
package struct ItemListing: Sendable {
    /// The types whose rows may be listed (in scope and readable).
    package var types: Set<String>
    /// The states listed.
    package var states: Set<ItemState>
    /// The tiers listed.
    package var tier: SliceTier
    /// The exact source, if asked.
    package var source: String?
    /// Tags every row must carry.
    package var tags: [String]
    /// The filter, if any.
    package var filter: FilterEvaluator?
    /// Own-time bounds, exclusive, canonical.
    package var occurredAfter: String?
    /// Own-time upper bound, exclusive.
    package var occurredBefore: String?
    /// Update-time lower bound, inclusive.
    package var updatedAfter: String?
    /// Update-time upper bound, exclusive.
    package var updatedBefore: String?
    /// The order.
    package var order: ListingOrder
    /// The most rows on the page.
    package var limit: Int
    /// The position after which the page starts: the last row of the previous page.
    package var after: (value: JSONValue, id: String)?

    /// The page's rows and, when more rows follow, the position of its last row.
    package func page(in state: InstanceState) -> (rows: [StoredItem], next: (value: JSONValue, id: String)?) {
        let context = InstanceFilterContext(state: state)
        if case .created(let descending) = order {
            return createdPage(in: state, descending: descending, context: context)
        }
        var matching: [(value: JSONValue, stored: StoredItem)] = []
        for type in types {
            for key in state.createdByType[type]?.keys ?? [] {
                guard let stored = state.items[key.id], passes(stored, context: context) else { continue }
                matching.append((order.value(of: stored.item), stored))
            }
        }
        matching.sort { order.precedes($0.value, $0.stored.id, $1.value, $1.stored.id) }
        var start = 0
        if let after {
            start =
                matching.firstIndex { order.precedes(after.value, after.id, $0.value, $0.stored.id) }
                ?? matching.count
        }
        let rows = Array(matching[start..<min(matching.count, start + limit)])
        let more = start + limit < matching.count
        return (rows.map(\.stored), more ? rows.last.map { ($0.value, $0.stored.id) } : nil)
    }

    private func createdPage(in state: InstanceState, descending: Bool, context: InstanceFilterContext)
        -> (rows: [StoredItem], next: (value: JSONValue, id: String)?)
    {
        let afterKey = after.map { RowKey($0.value.string ?? "", $0.id) }
        let perType = types.compactMap { state.createdByType[$0] }
        let viaGlobal = perType.count > 4
        var walk = OrderedMerge(viaGlobal ? [state.createdOrder] : perType, descending: descending, after: afterKey)
        var rows: [StoredItem] = []
        while let key = walk.next() {
            guard let stored = state.items[key.id], !viaGlobal || types.contains(stored.item.type),
                passes(stored, context: context)
            else { continue }
            if rows.count == limit {
                return (rows, rows.last.map { (.string($0.item.createdAt), $0.id) })
            }
            rows.append(stored)
        }
        return (rows, nil)
    }

    private func passes(_ stored: StoredItem, context: InstanceFilterContext) -> Bool {
        let item = stored.item
        guard states.contains(item.state), tier.admits(item.tier) else { return false }
        if let source, item.source != source { return false }
        if !tags.allSatisfy(item.tags.contains) { return false }
        if let occurredAfter, !(item.occurredAt > occurredAfter) { return false }
        if let occurredBefore, !(item.occurredAt < occurredBefore) { return false }
        if let updatedAfter, item.updatedAt < updatedAfter { return false }
        if let updatedBefore, !(item.updatedAt < updatedBefore) { return false }
        if let filter, !filter.matches(item, in: context) { return false }
        return true
    }
}
