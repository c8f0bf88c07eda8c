/// One row's place in the sort indexes while it changes: its row, its id order and its brief before and after,
/// so each index moves the row to its new key, or sets its entry's brief where the key stays (Decision 0063).
struct SortPlace {
    /// The row.
    let row: RowID
    /// The item's id order.
    let order: ItemOrder
    /// The row's brief before and after the change (`.vacant` for no item).
    let briefs: (old: RowFacts.Brief, new: RowFacts.Brief)

    /// Moves the row in `index` from `old` to `new` (nil: not held before, or not after), its entry carrying the
    /// new brief; where the key stays, sets the entry's brief if it changed.
    /// - Complexity: O(log n), nothing when neither key nor brief changed.
    func move<Key>(from old: Key?, to new: Key?, in index: inout SortIndex<Key>) {
        guard old != new else {
            if let new, briefs.old != briefs.new {
                let held = index.setBrief(briefs.new, row: row, key: new, order: order)
                assert(held, "SortPlace: row \(row) is not held under its key")
            }
            return
        }
        if let old {
            let held = index.remove(row, key: old, order: order)
            assert(held, "SortPlace: row \(row) is not held under its old key")
        }
        if let new { index.insert(row, key: new, order: order, brief: briefs.new) }
    }
}
