import MarfaRules

/// The indexes the copy's reads walk, kept current on every change: row ids, a sort index per time field, and
/// the word index for search (built on the first search, then kept current) and the trigram index for `contains`.
///
/// They are derived from `CopyState` and never persisted; a snapshot captures only the state.
package struct ReadIndexes: Sendable {
    private(set) var rows = RowIDs<String>()
    private(set) var created = SortIndex<Int64>()
    private(set) var updated = SortIndex<Int64>()
    private(set) var occurred = SortIndex<Int64>()
    private(set) var tags = PostingsIndex<String>()
    /// The trigram index, or nil until something asks for it.
    private(set) var text: TrigramIndex?
    /// The word index search reads, or nil until the first search asks for it.
    private(set) var words: WordIndex?
    /// Rows by the names of their properties a `contains` reads but the trigram index does not hold as text.
    private(set) var unindexedText = PostingsIndex<String>()

    /// Empty indexes.
    package init() {}

    /// Indexes over every item of `state` (the text index stays unbuilt until asked for).
    /// - Complexity: O(n log n).
    package init(state: CopyState) {
        for item in state.items.values { insert(item, catalog: state.catalog) }
    }

    /// Reflects one item changing from `old` to `new` (either nil for an insert or a removal).
    /// - Complexity: O(log n) for the sort indexes, O(changed text) for the text index.
    package mutating func reflect(old: Item?, new: Item?, catalog: CatalogSnapshot) {
        switch (old, new) {
        case (nil, let new?): insert(new, catalog: catalog)
        case (let old?, nil): remove(old)
        case (let old?, let new?):
            guard let row = rows.row(of: new.id), let order = ItemOrder(id: new.id) else { return }
            for (index, oldKey, newKey) in [
                (\ReadIndexes.created, TimeKey.milliseconds(old.createdAt), TimeKey.milliseconds(new.createdAt)),
                (\ReadIndexes.updated, TimeKey.milliseconds(old.updatedAt), TimeKey.milliseconds(new.updatedAt)),
                (\ReadIndexes.occurred, TimeKey.milliseconds(old.occurredAt), TimeKey.milliseconds(new.occurredAt)),
            ] where oldKey != newKey {
                _ = self[keyPath: index].update(row, from: oldKey, to: newKey, order: order)
            }
            if old.tags != new.tags { tags.update(row, from: old.tags, to: new.tags) }
            unindexedText.update(row, from: Self.unindexedText(of: old), to: Self.unindexedText(of: new))
            if text != nil || words != nil {
                if new.state == .trashed {
                    text?.remove(row: row)
                    words?.remove(row: row)
                } else if old.state == .trashed || SearchFields.of(old, catalog) != SearchFields.of(new, catalog) {
                    let fields = SearchFields.of(new, catalog)
                    text?.update(row: row, fields: fields)
                    words?.update(row: row, fields: fields)
                }
            }
        case (nil, nil): return
        }
    }

    /// Builds the word index over every item out of the bin, if it is not built yet (WC-52).
    /// - Complexity: O(total text) the first time, O(1) after.
    package mutating func buildWords(state: CopyState) {
        guard words == nil else { return }
        var index = WordIndex()
        index.insert(contentsOf: searchableRows(state))
        words = index
    }

    /// Builds the trigram index over every item out of the bin, if it is not built yet, for `contains`.
    /// - Complexity: O(total text) the first time, O(1) after.
    package mutating func buildText(state: CopyState) {
        guard text == nil else { return }
        var index = TrigramIndex()
        index.insert(contentsOf: searchableRows(state))
        text = index
    }

    /// Every row out of the bin with its search fields, what the text indexes are built from.
    private func searchableRows(_ state: CopyState) -> [(row: RowID, fields: [String])] {
        state.items.values.filter { $0.state != .trashed }.compactMap { item in
            rows.row(of: item.id).map { (row: $0, fields: SearchFields.of(item, state.catalog)) }
        }
    }

    /// The rows holding a property `name` that a `contains` reads but the trigram index does not hold as text.
    package func rows(withUnindexedText name: String) -> RowSet { unindexedText.rows(for: name) }

    /// The names of `item`'s properties that are not null and not held as search text: numbers, Booleans, arrays,
    /// objects, and a thumbnail.
    static func unindexedText(of item: Item) -> [String] {
        item.properties.compactMap { name, value in
            value != .null && (value.string == nil || name == "thumbnail") ? name : nil
        }
    }

    /// The row of an item id.
    package func row(of id: String) -> RowID? { rows.row(of: id) }

    /// The item id of a row.
    package func id(of row: RowID) -> String? { rows.id(of: row) }

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
        try rows.checkInvariants()
        try created.checkInvariants()
        try updated.checkInvariants()
        try occurred.checkInvariants()
        // The text indexes take time in proportion to all the text to check, so a long run of commits checks them
        // at its first 64 commits and every 64th after.
        if state.commitCount < 64 || state.commitCount % 64 == 0 {
            try text?.checkInvariants()
            try words?.checkInvariants()
        }
        try tags.checkInvariants()
        try unindexedText.checkInvariants()
        try IndexCorruption.check(rows.count == state.items.count, "row ids \(rows.count) ≠ items \(state.items.count)")
        try IndexCorruption.check(created.count == state.items.count, "created index misses rows")
        try IndexCorruption.check(occurred.count == state.items.count, "occurred index misses rows")
    }

    private mutating func insert(_ item: Item, catalog: CatalogSnapshot) {
        guard let order = ItemOrder(id: item.id) else { return }
        let row = rows.assign(item.id)
        created.insert(row, key: TimeKey.milliseconds(item.createdAt), order: order)
        updated.insert(row, key: TimeKey.milliseconds(item.updatedAt), order: order)
        occurred.insert(row, key: TimeKey.milliseconds(item.occurredAt), order: order)
        for tag in Set(item.tags) { tags.insert(row, key: tag) }
        for name in Self.unindexedText(of: item) { unindexedText.insert(row, key: name) }
        if text != nil || words != nil, item.state != .trashed {
            let fields = SearchFields.of(item, catalog)
            text?.insert(row: row, fields: fields)
            words?.update(row: row, fields: fields)
        }
    }

    private mutating func remove(_ item: Item) {
        guard let row = rows.row(of: item.id), let order = ItemOrder(id: item.id) else { return }
        _ = created.remove(row, key: TimeKey.milliseconds(item.createdAt), order: order)
        _ = updated.remove(row, key: TimeKey.milliseconds(item.updatedAt), order: order)
        _ = occurred.remove(row, key: TimeKey.milliseconds(item.occurredAt), order: order)
        for tag in Set(item.tags) { tags.remove(row, key: tag) }
        for name in Self.unindexedText(of: item) { unindexedText.remove(row, key: name) }
        text?.remove(row: row)
        words?.remove(row: row)
        _ = rows.release(item.id)
    }
}
