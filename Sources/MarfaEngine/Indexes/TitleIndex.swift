import MarfaRules

/// Held items by the name a link can call them (F096–F098): the hash of each live item's folded title (its type's
/// title field, `LinkResolver.folded`) to its rows, so a link target finds its candidates without reading every item.
///
/// Built on the first link read and brought up to date on later ones from the commits it missed (`ChangeLog`),
/// never on the write path. A hash match is only a candidate: the caller compares the folded titles themselves.
package struct TitleIndex: Sendable {
    /// The rows of one title hash: almost always one, so no array is allocated for it.
    private enum Rows: Sendable {
        case one(RowID)
        case many([RowID])

        var all: [RowID] {
            switch self {
            case .one(let row): [row]
            case .many(let rows): rows
            }
        }
    }

    /// The commit count of the state the index reflects.
    package private(set) var commit: UInt64
    private var rowsByTitle: [UInt64: Rows] = [:]
    /// What each indexed item was filed under, to unfile it when it changes or goes.
    private var filed: [ItemKey: (title: UInt64, row: RowID)] = [:]

    /// The index of every live, titled item in `state`.
    /// - Complexity: O(items), one title folded per item.
    package init(_ state: CopyState) {
        commit = state.commitCount
        filed.reserveCapacity(state.items.count)
        state.items.forEachRow { row, item in file(item, row: row, catalog: state.catalog) }
    }

    /// Brings the index from its commit to `state`'s, given the items written or removed in between.
    /// - Complexity: O(changed items).
    package mutating func refresh(changed ids: Set<String>, to state: CopyState) {
        for id in ids {
            guard let old = filed.removeValue(forKey: ItemKey(id)) else { continue }
            unfile(row: old.row, title: old.title)
        }
        for id in ids {
            guard let row = state.items.row(of: id), let item = state.items[row: row] else { continue }
            file(item, row: row, catalog: state.catalog)
        }
        commit = state.commitCount
    }

    /// The live items of `state` whose folded title is `folded`, in row order.
    /// - Complexity: O(matches).
    package func items(titled folded: String, in state: CopyState) -> [Item] {
        guard let rows = rowsByTitle[Self.hash(folded)] else { return [] }
        return rows.all.sorted().compactMap { row in
            guard let item = state.items[row: row], let title = Self.title(of: item, catalog: state.catalog),
                LinkResolver.folded(title) == folded
            else { return nil }
            return item
        }
    }

    private mutating func file(_ item: Item, row: RowID, catalog: CatalogSnapshot) {
        guard item.state != .trashed, let title = Self.title(of: item, catalog: catalog) else { return }
        let hash = Self.hash(LinkResolver.folded(title))
        filed[ItemKey(item.id)] = (hash, row)
        switch rowsByTitle[hash] {
        case nil: rowsByTitle[hash] = .one(row)
        case .one(let other): rowsByTitle[hash] = .many([other, row])
        case .many(var rows):
            rowsByTitle[hash] = nil
            rows.append(row)
            rowsByTitle[hash] = .many(rows)
        }
    }

    private mutating func unfile(row: RowID, title: UInt64) {
        switch rowsByTitle[title] {
        case .one(let held) where held == row: rowsByTitle[title] = nil
        case .many(var rows):
            rowsByTitle[title] = nil
            if let position = rows.firstIndex(of: row) { rows.remove(at: position) }
            rowsByTitle[title] = rows.isEmpty ? nil : rows.count == 1 ? .one(rows[0]) : .many(rows)
        default: break
        }
    }

    private static func title(of item: Item, catalog: CatalogSnapshot) -> String? {
        guard let field = catalog.titleField(of: item.type) else { return nil }
        return item.property(field)?.string
    }

    private static func hash(_ folded: String) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(folded)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}
