import MarfaRules

/// The items a copy holds, each at a dense row number that every read index stores instead of the id: an id map
/// plus pages of rows, so an index walk reaches an item by row in one array step rather than a string hash.
///
/// Rows are reused after removal (last removed first), so they stay in `0..<capacity`. A value type: the id map is
/// sharded and the rows are paged, so a copy-on-write capture (a snapshot) followed by one write copies one shard
/// and one page, not the whole table.
package struct ItemTable: Sendable {
    /// Items and their rows by id (a UUID's bits inline, not its string): a get reads the item from here, without
    /// the row page.
    private var byID = ItemRowMap()
    /// Items by row; nil for a free row.
    private var slots = PagedSlots<Item?>(vacant: nil)

    /// One more than the highest row ever given: every row is below it.
    package var capacity: Int { slots.capacity }

    /// An empty table.
    package init() {}

    /// How many items the table holds.
    package var count: Int { byID.count }

    /// Whether the table is empty.
    package var isEmpty: Bool { byID.count == 0 }

    /// The item with `id`, or nil; setting an item keeps its row, setting nil frees the row.
    /// - Complexity: O(1) amortized.
    package subscript(id: String) -> Item? {
        get { byID[id]?.item }
        set {
            if let newValue {
                put(newValue, id: id)
            } else if let row = byID.remove(id) {
                slots.release(row)
            }
        }
    }

    /// Puts `item` under its id, in place of the item held there (keeping its row) or at a free row; answers the
    /// row and the item it replaced, found by one lookup of the id.
    /// - Complexity: O(1) amortized.
    @discardableResult
    package mutating func put(_ item: Item) -> (row: RowID, old: Item?) {
        put(item, id: item.id)
    }

    @discardableResult
    private mutating func put(_ item: Item, id: String) -> (row: RowID, old: Item?) {
        if let held = byID.replace(id, with: item) {
            slots[held.row] = item
            return (held.row, held.item)
        }
        let row = slots.assign()
        byID.insert(id, row: row, item: item)
        slots[row] = item
        return (row, nil)
    }

    /// Makes room in the id map for `capacity` items, so that adding that many grows nothing (Decision 0047).
    package mutating func reserveCapacity(_ capacity: Int) {
        byID.reserveCapacity(capacity)
    }

    /// The item at `row`, or nil for a free row or one past `capacity`.
    /// - Complexity: O(1).
    package subscript(row row: RowID) -> Item? {
        Int(row) < capacity ? slots[row] : nil
    }

    /// The row of the item with `id`, if the table holds it.
    /// - Complexity: O(1) expected.
    package func row(of id: String) -> RowID? { byID[id]?.row }

    /// The row of the item keyed `key`, if the table holds it.
    /// - Complexity: O(1) expected.
    package func row(of key: ItemKey) -> RowID? { byID[key: key]?.row }

    /// Every item, in row order.
    package var values: [Item] {
        var all: [Item] = []
        all.reserveCapacity(count)
        forEachRow { all.append($1) }
        return all
    }

    /// Every item with its row, in row order.
    package var rows: [(row: RowID, item: Item)] {
        var all: [(row: RowID, item: Item)] = []
        all.reserveCapacity(count)
        forEachRow { all.append(($0, $1)) }
        return all
    }

    /// Calls `body` with every item and its row, in row order, without gathering them first.
    /// - Complexity: O(capacity).
    package func forEachRow(_ body: (RowID, Item) throws -> Void) rethrows {
        try slots.forEach { row, item in
            if let item { try body(row, item) }
        }
    }

    /// Every item id, in row order.
    package var keys: [String] { values.map(\.id) }

    /// Checks that ids and rows map one to one and that every row below `capacity` is held or free once.
    /// - Complexity: O(capacity).
    package func checkInvariants() throws {
        var held = 0
        try forEachRow { row, item in
            let entry = byID[item.id]
            try IndexCorruption.check(entry?.row == row, "ItemTable: row \(row) lost its id")
            try IndexCorruption.check(entry?.item == item, "ItemTable: row \(row) and its id hold different items")
            held += 1
        }
        try IndexCorruption.check(held == count, "ItemTable: \(count) ids but \(held) rows")
        for row in slots.free {
            try IndexCorruption.check(self[row: row] == nil, "ItemTable: free row \(row) holds an item")
        }
        try IndexCorruption.check(held + slots.free.count == capacity, "ItemTable: a row is neither held nor free")
        try IndexCorruption.check(Set(slots.free).count == slots.free.count, "ItemTable: a row is free twice")
    }
}

extension ItemTable: Equatable {
    /// Equal when both hold the same items under the same ids, whatever rows they sit at.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.values.allSatisfy { rhs[$0.id] == $0 }
    }
}
