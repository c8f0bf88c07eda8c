import MarfaRules

/// The rows under each exact value of the fields lists filter on: type, state, tier and source (issue 3). A list
/// whose filters select few rows starts from these postings instead of walking a whole sort index.
package struct FieldPostings: Sendable {
    /// Rows by item type.
    private var types = PostingsIndex<String>()
    /// Rows by state.
    private var states = PostingsIndex<ItemState>()
    /// Rows by tier (items without a tier are under none).
    private var tiers = PostingsIndex<Tier>()
    /// Rows by source.
    private var sources = PostingsIndex<String>()

    /// Empty postings.
    package init() {}

    /// Reflects the item at `row` changing from `old` to `new` (either nil for an insert or a removal).
    /// - Complexity: O(1) expected plus one `RowSet` change per field that changed.
    package mutating func reflect(_ row: RowID, old: Item?, new: Item?) {
        if old?.type != new?.type { Self.move(row, from: old?.type, to: new?.type, in: &types) }
        if old?.state != new?.state { Self.move(row, from: old?.state, to: new?.state, in: &states) }
        if old?.tier != new?.tier { Self.move(row, from: old?.tier, to: new?.tier, in: &tiers) }
        if old?.source != new?.source { Self.move(row, from: old?.source, to: new?.source, in: &sources) }
    }

    /// The rows of exactly `type` (no subtypes).
    /// - Complexity: O(1) expected.
    package func rows(ofType type: String) -> RowSet { types.rows(for: type) }

    /// The rows in `state`.
    /// - Complexity: O(1) expected.
    package func rows(inState state: ItemState) -> RowSet { states.rows(for: state) }

    /// The rows of any of `types` (each already expanded to its subtypes by the caller).
    /// - Complexity: the union, O(total size).
    package func rows(ofTypes types: some Sequence<String>) -> RowSet { self.types.rows(matchingAny: types) }

    /// The rows in any of `states`.
    /// - Complexity: the union, O(total size).
    package func rows(inStates states: some Sequence<ItemState>) -> RowSet { self.states.rows(matchingAny: states) }

    /// The rows in `tier`.
    /// - Complexity: O(1) expected.
    package func rows(inTier tier: Tier) -> RowSet { tiers.rows(for: tier) }

    /// The rows from `source`.
    /// - Complexity: O(1) expected.
    package func rows(fromSource source: String) -> RowSet { sources.rows(for: source) }

    /// Checks every postings list, that each posted row holds the value it is posted under (by its facts), and
    /// that the totals leave no held row out.
    /// - Complexity: O(total postings + capacity).
    package func checkInvariants(facts: RowFacts, count: Int) throws {
        try types.checkInvariants()
        try states.checkInvariants()
        try tiers.checkInvariants()
        try sources.checkInvariants()
        for type in types.keys {
            let code = facts.typeCode(type)
            for row in types.rows(for: type) where facts[row]?.type != code {
                throw IndexCorruption(description: "FieldPostings: row \(row) is not of type \(type)")
            }
        }
        for source in sources.keys {
            let code = facts.sourceCode(source)
            for row in sources.rows(for: source) where facts[row]?.source != code {
                throw IndexCorruption(description: "FieldPostings: row \(row) is not from \(source)")
            }
        }
        for state in states.keys {
            for row in states.rows(for: state) where facts[row]?.state != state {
                throw IndexCorruption(description: "FieldPostings: row \(row) is not \(state)")
            }
        }
        for tier in tiers.keys {
            for row in tiers.rows(for: tier) where facts[row]?.tier != tier {
                throw IndexCorruption(description: "FieldPostings: row \(row) is not in tier \(tier)")
            }
        }
        try IndexCorruption.check(
            types.total == count && states.total == count && sources.total == count
                && tiers.total == facts.tieredCount,
            "FieldPostings: a held row is under no value")
    }

    private static func move<Key>(_ row: RowID, from old: Key?, to new: Key?, in index: inout PostingsIndex<Key>) {
        if let old { index.remove(row, key: old) }
        if let new { index.insert(row, key: new) }
    }
}
