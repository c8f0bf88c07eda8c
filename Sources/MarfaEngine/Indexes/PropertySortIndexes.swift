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

    /// Builds the index of property `name` over every item with a UUID id, if it is not built yet.
    /// - Complexity: O(n log n) the first time, O(1) after.
    package mutating func build(_ name: String, items: ItemTable) {
        guard indexes[name] == nil else { return }
        var index = SortIndex<PropertySortKey>()
        items.forEachRow { row, item in
            guard let order = ItemOrder(id: item.id) else { return }
            index.insert(row, key: PropertySortKey(item.property(name)), order: order)
        }
        indexes[name] = index
    }

    /// Reflects the item at `row` changing from `old` to `new` (either nil for an insert or a removal).
    /// - Complexity: O(log n) per built index whose key changed.
    package mutating func reflect(_ row: RowID, old: Item?, new: Item?) {
        guard !indexes.isEmpty, let order = ItemOrder(id: (new ?? old)?.id ?? "") else { return }
        for name in indexes.keys {
            let oldKey = old.map { PropertySortKey($0.property(name)) }
            let newKey = new.map { PropertySortKey($0.property(name)) }
            guard oldKey != newKey else { continue }
            if let oldKey { indexes[name]?.remove(row, key: oldKey, order: order) }
            if let newKey { indexes[name]?.insert(row, key: newKey, order: order) }
        }
    }

    /// Checks each index's tree and that it holds every item with a UUID id under its current key.
    /// - Complexity: O(n) per index.
    package func checkInvariants(items: ItemTable) throws {
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
                let expected = SortIndex.Entry(key: PropertySortKey(item.property(name)), order: order, row: row)
                try IndexCorruption.check(held[row] == expected, "PropertySortIndexes: \(name) row \(row) is stale")
            }
            try IndexCorruption.check(index.count == ordered, "PropertySortIndexes: \(name) holds other rows")
        }
    }
}
