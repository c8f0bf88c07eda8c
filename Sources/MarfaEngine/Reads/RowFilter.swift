import MarfaRules

/// A list's filters compiled against the read indexes: type, state and tier are decided from a row's brief (4
/// bytes), source and time bounds from its facts record, tags, `beneath` and the candidates of `contains`
/// conditions (`ContainsCandidates`) and of `eq` conditions (`EqualityCandidates`) from row sets, all without
/// reading the item. A grammar filter is left to `ListEvaluator`, which needs the item (a `contains` candidate
/// can fail it), unless the `eq` candidates decide it alone (`decidesExpression`).
///
/// A class, so the walk's closure borrows it: as a struct its arrays and row sets were copied (and retained) on
/// every row walked.
final class RowFilter {
    /// The states kept, one bit per `ItemState`.
    private let states: UInt8
    /// Whether each type code is kept, or nil when every type is.
    private let types: [Bool]?
    /// The tier's code in a brief (`RowFacts.Brief.tierCode`), or nil when any tier is kept.
    private let tier: UInt8?
    /// Whether a source or a time bound is named, the filters a brief cannot decide.
    private let readsRecord: Bool
    /// Whether a row reached by a walk of the query's sort index still needs its facts record: a source or a
    /// bound on another time than the walked one (the walk starts and stops at its own field's bounds,
    /// `IndexedList.walk`).
    private let walkReadsRecord: Bool
    /// The source named: nil for none, `.some(nil)` for a source no item has, which keeps nothing.
    private let source: UInt32??
    private let occurred: TimeBounds
    private let updated: TimeBounds
    private let tagged: RowSet?
    private let subtree: RowSet?
    /// The rows that can meet the query's narrowing `contains` conditions, or nil when none narrows.
    private let contained: RowSet?
    /// The rows that can meet the query's narrowing `eq` conditions (`EqualityCandidates`), or nil when none
    /// narrows.
    private let equal: RowSet?
    /// Whether `equal` holds exactly the rows meeting the grammar filter, which then needs no item read.
    let decidesExpression: Bool
    private let facts: RowFacts
    /// The smallest row set holding every row the filters keep, or nil when no filter narrows by postings.
    let candidates: RowSet?

    /// Compiles `query` against `indexes`; `subtree` is the `beneath` key set the evaluator computed, `keptTypes`
    /// the type codes the query keeps when a prepared list already worked them out for these indexes (else they
    /// are worked out here). The indexes, items and catalog are borrowed: an initializer's arguments are otherwise
    /// passed owned, which copied them (a retain and a release of every array and dictionary they hold) on every
    /// list.
    init(
        query: ListQuery, keptTypes: KeptTypes? = nil, indexes: borrowing ReadIndexes, items: borrowing ItemTable,
        catalog: borrowing CatalogSnapshot, subtree: Set<ItemKey>?
    ) {
        let filters = query.filters
        facts = indexes.facts
        states = query.states.reduce(0) { $0 | RowFacts.Brief.stateBit($1) }
        let kept = keptTypes ?? KeptTypes(query: query, typeNames: indexes.facts.typeNames, catalog: catalog)
        assert(kept.typeNames == indexes.facts.typeNames, "kept types worked out for other row facts")
        types = kept.byCode
        tier = filters.tier.map(RowFacts.Brief.tierCode)
        source = filters.source.map { indexes.facts.sourceCode($0) }
        occurred = query.occurredBounds
        updated = query.updatedBounds
        readsRecord = source != nil || occurred.isBounded || updated.isBounded
        walkReadsRecord = source != nil || (occurred.isBounded && query.field != .occurredAt)
            || (updated.isBounded && query.field != .updatedAt)
        tagged = indexes.rows(taggedWithAll: filters.tags)
        self.subtree = subtree.map { RowSet($0.compactMap { items.row(of: $0) }) }
        contained = ContainsCandidates.rows(for: query, in: indexes, catalog: catalog)
        let equalities = EqualityCandidates.rows(for: query, in: indexes)
        equal = equalities?.rows
        decidesExpression = equalities?.decidesExpression ?? false
        // The smallest narrowing set, the first of equal ones, chosen without gathering them in an array.
        var smallest: RowSet?
        func consider(_ rows: RowSet?) {
            guard let rows else { return }
            if smallest.map({ rows.count < $0.count }) ?? true { smallest = rows }
        }
        consider(tagged)
        consider(self.subtree)
        consider(contained)
        consider(equal)
        if let tier = filters.tier { consider(indexes.fields.rows(inTier: tier)) }
        if let source = filters.source { consider(indexes.fields.rows(fromSource: source)) }
        if query.states.count == 1, let only = query.states.first { consider(indexes.fields.rows(inState: only)) }
        if let named = filters.types, named.count == 1, let type = named.first, indexes.facts.typeCode(type) != nil,
            kept.keepsOneCode
        {
            consider(indexes.fields.rows(ofType: type))
        }
        candidates = smallest
    }

    /// Whether the row passes every filter but the grammar filter.
    /// - Complexity: O(1), plus a row-set probe per tag, `beneath`, narrowing `contains` or `eq` filter.
    @inline(__always)
    func matches(_ row: RowID) -> Bool {
        // A value index's set is a few kilobytes and leaves out most rows: probed before the brief, it spares most
        // rows a miss in the briefs.
        if let equal, !equal.contains(row) { return false }
        return matches(row, brief: facts.brief(row), readsRecord: readsRecord)
    }

    /// Whether the row a walk of the query's sort index reached passes every filter but the grammar filter, its
    /// brief read from the walked entry. A time walk leaves its own time's bounds to where it starts and stops, so
    /// the row's facts are read only when another filter needs them (Decision 0063); a property walk enforces no
    /// bound, so every bound is read from them.
    /// - Complexity: as `matches(_:)`.
    @inline(__always)
    func matchesWalked(_ row: RowID, brief: RowFacts.Brief) -> Bool {
        if let equal, !equal.contains(row) { return false }
        return matches(row, brief: brief, readsRecord: walkReadsRecord)
    }

    /// Whether the row with `brief` passes every filter but the grammar filter and the `eq` candidates, reading
    /// its facts record for the source and time bounds when `readsRecord`.
    @inline(__always)
    private func matches(_ row: RowID, brief: RowFacts.Brief, readsRecord: Bool) -> Bool {
        guard states & brief.stateBits != 0 else { return false }
        if let types, !types[brief.type] { return false }
        if let tier, brief.tier != tier { return false }
        if readsRecord, !matchesRecord(row) { return false }
        if let tagged, !tagged.contains(row) { return false }
        if let subtree, !subtree.contains(row) { return false }
        if let contained, !contained.contains(row) { return false }
        return true
    }

    /// Whether the row's source and times pass the filters naming them.
    private func matchesRecord(_ row: RowID) -> Bool {
        guard let record = facts[row] else { return false }
        if let source, source != record.source { return false }
        return occurred.contains(record.occurred) && updated.contains(record.updated)
    }
}
