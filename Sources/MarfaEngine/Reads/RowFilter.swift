import MarfaRules

/// A list's filters compiled against the read indexes: type, state, tier, source and time bounds are decided from
/// a row's facts, tags and `beneath` from row sets, all without reading the item. A grammar filter is left to
/// `ListEvaluator`, which needs the item.
///
/// A class, so the walk's closure borrows it: as a struct its arrays and row sets were copied (and retained) on
/// every row walked.
final class RowFilter {
    /// The states kept, one bit per `ItemState`.
    private let states: UInt8
    /// Whether each type code is kept, or nil when every type is.
    private let types: [Bool]?
    private let tier: Tier?
    /// The source named: nil for none, `.some(nil)` for a source no item has, which keeps nothing.
    private let source: UInt32??
    private let occurred: (after: Int64?, before: Int64?)
    private let updated: (after: Int64?, before: Int64?)
    private let tagged: RowSet?
    private let subtree: RowSet?
    private let facts: RowFacts
    /// The smallest row set holding every row the filters keep, or nil when no filter narrows by postings.
    let candidates: RowSet?

    /// Compiles `query` against `indexes`; `subtree` is the `beneath` id set the evaluator computed.
    init(query: ListQuery, indexes: ReadIndexes, items: ItemTable, catalog: CatalogSnapshot, subtree: Set<String>?) {
        let filters = query.filters
        facts = indexes.facts
        states = query.states.reduce(0) { $0 | Self.bit($1) }
        types = filters.types.map { named in
            indexes.facts.typeNames.map { type in
                named.contains { ListEvaluator.isType(type, within: $0, catalog) }
            }
        }
        tier = filters.tier
        source = filters.source.map { indexes.facts.sourceCode($0) }
        occurred = (filters.occurredAfter.map(TimeKey.milliseconds), filters.occurredBefore.map(TimeKey.milliseconds))
        updated = (filters.updatedAfter.map(TimeKey.milliseconds), filters.updatedBefore.map(TimeKey.milliseconds))
        tagged = indexes.rows(taggedWithAll: filters.tags)
        self.subtree = subtree.map { RowSet($0.compactMap { items.row(of: $0) }) }
        var narrowing: [RowSet] = [tagged, self.subtree].compactMap { $0 }
        if let tier { narrowing.append(indexes.fields.rows(inTier: tier)) }
        if let source = filters.source { narrowing.append(indexes.fields.rows(fromSource: source)) }
        if query.states.count == 1, let only = query.states.first { narrowing.append(indexes.fields.rows(inState: only)) }
        if let named = filters.types, named.count == 1, let type = named.first, indexes.facts.typeCode(type) != nil,
            types?.count(where: { $0 }) == 1
        {
            narrowing.append(indexes.fields.rows(ofType: type))
        }
        candidates = narrowing.min { $0.count < $1.count }
    }

    /// Whether the row passes every filter but the grammar filter.
    /// - Complexity: O(1), plus a row-set probe per tag or `beneath` filter.
    @inline(__always)
    func matches(_ row: RowID) -> Bool {
        guard let record = facts[row], states & Self.bit(record.state) != 0 else { return false }
        if let types, !types[Int(record.type)] { return false }
        if let tier, record.tier != tier { return false }
        if let source, source != record.source { return false }
        if let after = occurred.after, !(record.occurred > after) { return false }
        if let before = occurred.before, !(record.occurred < before) { return false }
        if let after = updated.after, !(record.updated >= after) { return false }
        if let before = updated.before, !(record.updated < before) { return false }
        if let tagged, !tagged.contains(row) { return false }
        if let subtree, !subtree.contains(row) { return false }
        return true
    }

    @inline(__always)
    private static func bit(_ state: ItemState) -> UInt8 {
        switch state {
        case .active: return 1
        case .archived: return 2
        case .trashed: return 4
        case .revoked: return 8
        }
    }
}
