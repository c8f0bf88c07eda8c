import MarfaRules

/// One ordered index per property a list has sorted by (issue 3): rows by `PropertySortKey`, so a property-sorted
/// list with a limit walks the index and stops instead of sorting every row. An index is built the first time a
/// list sorts by its property, then kept current on every change.
package struct PropertySortIndexes: Sendable {
    /// The index of each property sorted by so far.
    private var indexes: [String: SortIndex<PropertySortKey>] = [:]

    /// No index yet.
    package init() {}

    /// The index of property `name`, or nil until `build(_:items:)` made it.
    package subscript(name: String) -> SortIndex<PropertySortKey>? { indexes[name] }

    /// Builds the index of property `name` over every item with a UUID id, each entry with its row's brief in
    /// `facts`, if it is not built yet.
    /// - Complexity: O(n log n) the first time, O(1) after.
    package mutating func build(_ name: String, items: ItemTable, facts: RowFacts) {
        guard indexes[name] == nil else { return }
        var index = SortIndex<PropertySortKey>()
        items.forEachRow { row, item in
            guard let order = ItemOrder(id: item.id) else { return }
            index.insert(row, key: PropertySortKey(item.property(name)), order: order, brief: facts.brief(row))
        }
        indexes[name] = index
    }

    /// Reflects the item at `row` changing from `old` to `new` (either nil for an insert or a removal), its brief
    /// from `briefs.old` to `briefs.new`.
    /// - Complexity: O(log n) per built index whose key or entry changed.
    package mutating func reflect(
        _ row: RowID, old: Item?, new: Item?, briefs: (old: RowFacts.Brief, new: RowFacts.Brief)
    ) {
        guard !indexes.isEmpty, let order = ItemOrder(id: (new ?? old)?.id ?? "") else { return }
        let place = SortPlace(row: row, order: order, briefs: briefs)
        for position in indexes.indices {
            let name = indexes.keys[position]
            let oldKey = old.map { PropertySortKey($0.property(name)) }
            place.move(from: oldKey, to: new.map { PropertySortKey($0.property(name)) }, in: &indexes.values[position])
        }
    }

    /// Checks each index's tree and that it holds every item with a UUID id under its current key and brief.
    /// - Complexity: O(n) per index.
    package func checkInvariants(items: ItemTable, facts: RowFacts) throws {
        for (name, index) in indexes {
            try index.checkInvariants()
            var held: [RowID: SortIndex<PropertySortKey>.Entry] = [:]
            index.forEach(.ascending) { entry in
                held[entry.row] = entry
                return true
            }
            var ordered = 0
            try items.forEachRow { row, item in
                guard let order = ItemOrder(id: item.id) else { return }
                ordered += 1
                let expected = SortIndex.Entry(
                    key: PropertySortKey(item.property(name)), order: order, row: row, brief: facts.brief(row))
                try IndexCorruption.check(
                    held[row] == expected && held[row]?.brief == expected.brief,
                    "PropertySortIndexes: \(name) row \(row) is stale")
            }
            try IndexCorruption.check(index.count == ordered, "PropertySortIndexes: \(name) holds other rows")
        }
    }
}
