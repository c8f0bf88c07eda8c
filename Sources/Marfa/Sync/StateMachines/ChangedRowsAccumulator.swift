/// The rows named since the last delivered update, merged: a row changed then removed is named as removed, a row
/// removed then held again as changed, and each id once, in the order first named.
struct ChangedRowsAccumulator: Sendable, Hashable {
    private var items: [String: Int] = [:]
    private var edges: [String: Int] = [:]
    private var removedItems: [String: Int] = [:]
    private var removedEdges: [String: Int] = [:]
    private var nextStamp = 0

    /// How many distinct items and edges are named.
    var count: Int { items.count + edges.count + removedItems.count + removedEdges.count }

    /// Whether no row is named.
    var isEmpty: Bool { count == 0 }

    /// Merges `rows` into what is named.
    mutating func merge(_ rows: ChangedRows) {
        for id in rows.items { Self.move(id, from: &removedItems, to: &items, stamp: &nextStamp) }
        for id in rows.edges { Self.move(id, from: &removedEdges, to: &edges, stamp: &nextStamp) }
        for id in rows.removedItems { Self.move(id, from: &items, to: &removedItems, stamp: &nextStamp) }
        for id in rows.removedEdges { Self.move(id, from: &edges, to: &removedEdges, stamp: &nextStamp) }
    }

    /// The named rows, each list in the order its ids were first named.
    var rows: ChangedRows {
        ChangedRows(
            items: Self.ordered(items), edges: Self.ordered(edges), removedItems: Self.ordered(removedItems),
            removedEdges: Self.ordered(removedEdges))
    }

    /// Names `id` in `target` and not in `source`, keeping the order stamp it had, or giving it the next one.
    private static func move(
        _ id: String, from source: inout [String: Int], to target: inout [String: Int], stamp next: inout Int
    ) {
        let stamp = source.removeValue(forKey: id) ?? target[id] ?? next
        if stamp == next { next += 1 }
        target[id] = stamp
    }

    private static func ordered(_ stamps: [String: Int]) -> [String] {
        stamps.sorted { $0.value < $1.value }.map(\.key)
    }
}
