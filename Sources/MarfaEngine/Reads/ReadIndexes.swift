import Dispatch
import MarfaRules

/// The indexes the copy's reads walk, kept current on every change: per-row facts, postings by type, state, tier,
/// source and tag, a sort index per time field, property sort indexes (built on the first sort by a property),
/// property value indexes (built on the first `eq` on a property, Decision 0050),
/// the word index search and `contains` share (built on its first use, then kept current), and a word index of
/// one title property for each a `contains` names (Decision 0042). Every index stores the rows of
/// `CopyState.items`, never ids.
///
/// They are derived from `CopyState` and never persisted; a snapshot captures only the state.
package struct ReadIndexes: Sendable {
    private(set) var facts = RowFacts()
    private(set) var fields = FieldPostings()
    private(set) var created = SortIndex<Int64>()
    private(set) var updated = SortIndex<Int64>()
    private(set) var occurred = SortIndex<Int64>()
    private(set) var tags = PostingsIndex<String>()
    private(set) var properties = PropertySortIndexes()
    /// Rows by the text value of each property an `eq` has named (built on the first such list, Decision 0050).
    private(set) var propertyValues = PropertyValueIndexes()
    /// The word index search and `contains` read, or nil until the first search or `contains` asks for it;
    /// current as of the last such read.
    private(set) var words: WordIndex?
    /// Rows changed since the word index was last brought current, each with the item it was indexed from (nil
    /// for a row it does not hold): writes only note them, and the next search or `contains` indexes them in one
    /// batch (`buildWords`), so a write never pays for a long postings list; the index reads a row's old words from
    /// that item, as it keeps none of its own (Decision 0044).
    private var staleWordRows: [RowID: Item?] = [:]
    /// The token of a first build of the word index running off the actor from the state as it was when it began
    /// (`TextIndexWarmUp`), nil when none: while it runs, writes note their rows in `staleWordRows` as they do once
    /// the index is built, so the index it hands over is brought current like any other.
    private(set) var pendingWordsToken: UInt64?
    /// The most rows `staleWordRows` (or `stalePropertyRows`) holds before a write brings its indexes current
    /// itself (`catchUpIfBehind`), so the old items kept stay bounded between reads; above the rows of the
    /// runner's 100k tier (its items and the ones its events create), so its events pay no catch-up there.
    var staleRowLimit = 131_072
    /// A word index of one property's text per title property a `contains` named (`ContainsCandidates`), built on
    /// its first such list, then kept current as the word index is; the rows out of the bin whose property is text.
    private(set) var propertyWords: [String: WordIndex] = [:]
    /// Rows changed since the property word indexes were last brought current (`buildPropertyWords`), each with
    /// the item they were indexed from, as `staleWordRows` keeps them.
    private var stalePropertyRows: [RowID: Item?] = [:]
    /// Rows by the names of their properties a `contains` reads but the word index does not hold as text.
    private(set) var unindexedText = PostingsIndex<String>()

    /// Empty indexes.
    package init() {}

    /// Indexes over every item of `state` (the text and property indexes stay unbuilt until asked for); the time
    /// sort indexes are built in bulk from their sorted entries rather than row by row.
    /// - Complexity: O(n log n).
    package init(state: CopyState) {
        var builder = Builder(capacity: state.items.count)
        state.items.forEachRow { builder.add(row: $0, item: $1) }
        self = builder.finish()
    }

    /// Builds indexes over items handed over one at a time, each at a row no item held before: the facts and
    /// postings as each item comes (while it is still in the cache of the thread that applied it, as open does,
    /// Decision 0032), the time sort indexes in bulk at the end from their sorted entries.
    package struct Builder {
        private var indexes = ReadIndexes()
        private var created: [SortIndex<Int64>.Entry] = []
        private var updated: [SortIndex<Int64>.Entry] = []
        private var occurred: [SortIndex<Int64>.Entry] = []

        /// An empty builder with room for `capacity` items.
        package init(capacity: Int) {
            created.reserveCapacity(capacity)
            updated.reserveCapacity(capacity)
            occurred.reserveCapacity(capacity)
        }

        /// Indexes `item` at `row`, which no item added before holds.
        /// - Complexity: O(1) amortized.
        package mutating func add(row: RowID, item: Item) {
            let brief = indexes.reflectRow(row, old: nil, new: item).new
            guard let order = ItemOrder(id: item.id), let times = indexes.facts[row] else { return }
            created.append(SortIndex.Entry(key: times.created, order: order, row: row, brief: brief))
            updated.append(SortIndex.Entry(key: times.updated, order: order, row: row, brief: brief))
            occurred.append(SortIndex.Entry(key: times.occurred, order: order, row: row, brief: brief))
        }

        /// The indexes over every item added; the three time sort indexes are sorted and built side by side
        /// (`concurrentPerform` runs them on the calling thread too, so it never waits for a free pool thread).
        /// - Complexity: O(n log n).
        package consuming func finish() -> ReadIndexes {
            let runs = [created, updated, occurred]
            var built = [SortIndex<Int64>](repeating: SortIndex(), count: runs.count)
            built.withUnsafeMutableBufferPointer { slots in
                // Each iteration writes its own slot only.
                nonisolated(unsafe) let slots = slots
                DispatchQueue.concurrentPerform(iterations: runs.count) { index in
                    slots[index] = SortIndex(sorted: runs[index].sorted())
                }
            }
            indexes.created = built[0]
            indexes.updated = built[1]
            indexes.occurred = built[2]
            return indexes
        }
    }

    /// Reflects the item at `row` changing from `old` to `new` (either nil for an insert or a removal); `row` is
    /// the item's row in `CopyState.items` (for a removal, the row it held).
    /// - Complexity: O(log n) for the sort indexes, O(1) to mark the row for the word index.
    package mutating func reflect(row: RowID, old: Item?, new: Item?) {
        guard let id = (new ?? old)?.id else { return }
        let before = old == nil ? nil : facts[row]
        let briefs = reflectRow(row, old: old, new: new)
        let after = new == nil ? nil : facts[row]
        if let order = ItemOrder(id: id) {
            let place = SortPlace(row: row, order: order, briefs: briefs)
            place.move(from: before?.created, to: after?.created, in: &created)
            place.move(from: before?.updated, to: after?.updated, in: &updated)
            place.move(from: before?.occurred, to: after?.occurred, in: &occurred)
        }
        reflectText(row: row, old: old, new: new)
    }

    /// Reflects a row's change in the facts, postings, property sorts and unindexed-text postings: everything but
    /// the time sort indexes and the word index; answers the row's brief before and after, for the sort indexes'
    /// entries.
    private mutating func reflectRow(
        _ row: RowID, old: Item?, new: Item?
    ) -> (old: RowFacts.Brief, new: RowFacts.Brief) {
        let oldBrief = facts.brief(row)
        if let new { facts.set(row, new) } else { facts.clear(row) }
        let briefs = (old: oldBrief, new: facts.brief(row))
        fields.reflect(row, old: old, new: new)
        if old?.tags != new?.tags { tags.update(row, from: old?.tags ?? [], to: new?.tags ?? []) }
        properties.reflect(row, old: old, new: new, briefs: briefs)
        propertyValues.reflect(row, old: old, new: new)
        unindexedText.update(row, from: old.map(Self.unindexedText) ?? [], to: new.map(Self.unindexedText) ?? [])
        return briefs
    }

    /// Builds the word index over every item out of the bin, or brings it current with the rows written since
    /// the last search or `contains` (WC-52).
    /// - Complexity: O(total text) the first time; after, O(text of the changed rows + the postings they touch).
    package mutating func buildWords(state: CopyState) {
        defer { staleWordRows.removeAll() }
        guard var index = words else {
            pendingWordsToken = nil
            words = WordIndexBuild.index(of: state, unless: { false })
            return
        }
        guard !staleWordRows.isEmpty else { return }
        words = nil
        Self.bringCurrent(&index, rows: staleWordRows.keys.sorted(), stale: staleWordRows, state: state) { item in
            item.flatMap { $0.state == .trashed ? nil : SearchFields.of($0, state.catalog) }
        }
        words = index
    }

    /// Notes that a first build of the word index, `token`, began from the state as it is now: writes from here on
    /// note their rows for it. Nothing changes when the index is built already.
    package mutating func expectWords(token: UInt64) {
        guard words == nil else { return }
        pendingWordsToken = token
    }

    /// Gives up the first build of the word index expected, if any, with the rows noted for it: the next search or
    /// `contains` builds the index itself.
    package mutating func abandonWords() {
        guard pendingWordsToken != nil else { return }
        pendingWordsToken = nil
        if words == nil { staleWordRows.removeAll() }
    }

    /// Takes `built`, the word index first build `token` made, when it is still the one expected (no catalog change,
    /// reset or build on the actor since it began); answers whether it was taken. The rows written since it began
    /// wait in `staleWordRows` for the next search, as after any read.
    package mutating func installWords(_ built: WordIndex, token: UInt64) -> Bool {
        guard pendingWordsToken == token, words == nil else { return false }
        pendingWordsToken = nil
        words = built
        return true
    }

    /// Brings the word index, and the property word indexes, current when more rows wait for them than
    /// `staleRowLimit` (the writer calls it after each change), so the old items they keep stay bounded; rows
    /// noted for a first build running off the actor give that build up instead.
    package mutating func catchUpIfBehind(state: CopyState) {
        if staleWordRows.count > staleRowLimit {
            // Rows noted for a first build still running off the actor: give it up rather than build on a write.
            if words == nil { abandonWords() } else { buildWords(state: state) }
        }
        if stalePropertyRows.count > staleRowLimit { bringPropertyWordsCurrent(state: state) }
    }

    /// How many changed rows wait for the word index.
    var staleWordRowCount: Int { staleWordRows.count }

    /// How many changed rows wait for the property word indexes.
    var stalePropertyRowCount: Int { stalePropertyRows.count }

    /// Reflects a change of catalog: a type's title field may move, and the word index reads a row's old words
    /// from its item under the catalog it is given, so the index is dropped to be built again by the next search
    /// or `contains` when the catalog differs; so is the word index of a property no longer a title, which
    /// `contains` lists stop reading (`ContainsCandidates.readsOwnIndex`).
    package mutating func reflectCatalog(from old: CatalogSnapshot, to new: CatalogSnapshot) {
        guard old != new else { return }
        propertyWords = propertyWords.filter { ContainsCandidates.readsOwnIndex($0.key, catalog: new) }
        if propertyWords.isEmpty { stalePropertyRows.removeAll() }
        words = nil
        pendingWordsToken = nil
        staleWordRows.removeAll()
    }

    /// Hands `index` the changed `rows` (ascending), each with its fields now, read from the state, and the
    /// fields it was indexed from, read from the item `stale` kept for it; `fields` answers both (nil for a row
    /// gone, in the bin, or without such text).
    private static func bringCurrent(
        _ index: inout WordIndex, rows: [RowID], stale: [RowID: Item?], state: CopyState,
        fields: (Item?) -> [String]?
    ) {
        index.update(batch: rows.map { (row: $0, fields: fields(state.items[row: $0])) }) { row in
            stale[row].flatMap(fields)
        }
    }

    /// Builds the word index of property `name` if it is not built yet, after bringing every property word index
    /// current with the rows written since the last `contains` that read one.
    /// - Complexity: O(text of the changed rows + the postings they touch); the first time, O(the property's text).
    package mutating func buildPropertyWords(_ name: String, state: CopyState) {
        bringPropertyWordsCurrent(state: state)
        guard propertyWords[name] == nil else { return }
        var index = WordIndex()
        index.insert(contentsOf: state.items.rows.lazy.compactMap { entry in
            Self.propertyText(name, of: entry.item).map { (row: entry.row, fields: $0) }
        })
        propertyWords[name] = index
    }

    /// Brings every property word index current with the rows written since the last `contains` that read one,
    /// removing a row's old words as its old item held them.
    private mutating func bringPropertyWordsCurrent(state: CopyState) {
        guard !stalePropertyRows.isEmpty else { return }
        let rows = stalePropertyRows.keys.sorted()
        for property in Array(propertyWords.keys) {
            guard var index = propertyWords.removeValue(forKey: property) else { continue }
            Self.bringCurrent(&index, rows: rows, stale: stalePropertyRows, state: state) {
                Self.propertyText(property, of: $0)
            }
            propertyWords[property] = index
        }
        stalePropertyRows.removeAll()
    }

    /// What the word index of property `name` holds for `item`: the property's text as its one field, or nil for
    /// an item gone, in the bin, or whose property is not text (`rows(withUnindexedText:)` holds those).
    private static func propertyText(_ name: String, of item: Item?) -> [String]? {
        guard let item, item.state != .trashed, let text = item.property(name)?.string else { return nil }
        return [text]
    }

    /// Every row out of the bin with its search fields, in row order, what the word index is built from: lazily,
    /// so the build holds one row's fields at a time (a joined body is a copy of the text).
    package static func searchableRows(_ state: CopyState) -> some Sequence<(row: RowID, fields: [String])> {
        searchableRows(state.items.rows, catalog: state.catalog)
    }

    /// `searchableRows(_:)` of some of a state's rows, under its catalog.
    static func searchableRows(
        _ rows: some Sequence<(row: RowID, item: Item)>, catalog: CatalogSnapshot
    ) -> some Sequence<(row: RowID, fields: [String])> {
        rows.lazy.filter { $0.item.state != .trashed }.map { entry in
            (row: entry.row, fields: SearchFields.of(entry.item, catalog))
        }
    }

    /// The rows holding a property `name` that a `contains` reads but the word index does not hold as text.
    package func rows(withUnindexedText name: String) -> RowSet { unindexedText.rows(for: name) }

    /// The names of `item`'s properties that are not null and not held as search text: numbers, Booleans, arrays,
    /// objects, and a thumbnail.
    static func unindexedText(of item: Item) -> [String] {
        var names: [String] = []
        item.forEachProperty { name, value in
            if value != .null && (value.string == nil || name == "thumbnail") { names.append(name) }
        }
        return names
    }

    /// Builds the sort index of property `name`, if it is not built yet.
    /// - Complexity: O(n log n) the first time, O(1) after.
    package mutating func buildPropertySort(_ name: String, state: CopyState) {
        properties.build(name, items: state.items, facts: facts)
    }

    /// Builds the value index of property `name` an `eq` reads (`EqualityCandidates`), if it is not built or
    /// refused yet.
    /// - Complexity: O(n) the first time, O(1) after.
    package mutating func buildPropertyValues(_ name: String, state: borrowing CopyState) {
        propertyValues.build(name, items: state.items)
    }

    /// The rows holding every tag named, or nil when no tag is named.
    package func rows(taggedWithAll names: [String]) -> RowSet? {
        names.isEmpty ? nil : tags.rows(matchingAll: Set(names))
    }

    /// The sort index of a time field.
    package func timeIndex(_ field: SortField) -> SortIndex<Int64>? {
        switch field {
        case .createdAt: return created
        case .updatedAt: return updated
        case .occurredAt: return occurred
        case .property: return nil
        }
    }

    /// Checks every index against itself and against the state (on under `MARFA_INTERNAL_CHECKS`).
    package func checkInvariants(state: CopyState) throws {
        try state.items.checkInvariants()
        try state.checkQueueInvariants()
        try facts.checkInvariants(items: state.items)
        try fields.checkInvariants(facts: facts, count: state.items.count)
        try created.checkInvariants()
        try updated.checkInvariants()
        try occurred.checkInvariants()
        try facts.checkTimes(created, field: .createdAt)
        try facts.checkTimes(updated, field: .updatedAt)
        try facts.checkTimes(occurred, field: .occurredAt)
        try properties.checkInvariants(items: state.items, facts: facts)
        try propertyValues.checkInvariants(items: state.items)
        // The word index and the edge chains take time in proportion to all the text and edges to check, so a
        // long run of commits checks them at its first 64 commits and every 64th after.
        if state.commitCount < 64 || state.commitCount % 64 == 0 {
            try words?.checkInvariants()
            for index in propertyWords.values { try index.checkInvariants() }
            try state.edges.checkInvariants()
        }
        try tags.checkInvariants()
        try unindexedText.checkInvariants()
        try IndexCorruption.check(created.count == state.items.count, "created index misses rows")
        try IndexCorruption.check(updated.count == state.items.count, "updated index misses rows")
        try IndexCorruption.check(occurred.count == state.items.count, "occurred index misses rows")
    }

    /// Marks `row` stale in the word index and the property word indexes once they are built, unless it is
    /// already or its text stays the same (judged from the inputs of its search fields, every string property
    /// among them, not by building them).
    private mutating func reflectText(row: RowID, old: Item?, new: Item?) {
        if old?.state == .trashed && new?.state == .trashed { return }
        let marksWords = (words != nil || pendingWordsToken != nil) && staleWordRows.index(forKey: row) == nil
        let marksProperties = !propertyWords.isEmpty && stalePropertyRows.index(forKey: row) == nil
        if !marksWords && !marksProperties { return }
        if let old, let new, old.state != .trashed, new.state != .trashed, SearchFields.haveSameInputs(old, new) {
            return
        }
        let indexed = old?.state == .trashed ? nil : old
        if marksWords { staleWordRows.updateValue(indexed, forKey: row) }
        if marksProperties { stalePropertyRows.updateValue(indexed, forKey: row) }
    }
}
