/// Walks several created-order indexes as one sequence, ascending or descending, from just past a position: how a
/// listing over a type subtree reads one page in O(page × lists + lists × log n).
package struct OrderedMerge {
    private let lists: [OrderedKeys]
    private let descending: Bool
    private var positions: [Int]

    /// Starts after `after` (from the first or last key when nil).
    package init(_ lists: [OrderedKeys], descending: Bool, after: RowKey?) {
        self.lists = lists
        self.descending = descending
        positions = lists.map { list in
            guard let after else { return descending ? list.count - 1 : 0 }
            return descending ? list.lowerBound(after) - 1 : list.upperBound(after)
        }
    }

    /// The next key in order, or nil when every list is exhausted.
    package mutating func next() -> RowKey? {
        var best: (list: Int, key: RowKey)?
        for (index, list) in lists.enumerated() {
            let position = positions[index]
            guard position >= 0, position < list.count else { continue }
            let key = list.keys[position]
            if let current = best, descending ? !(current.key < key) : !(key < current.key) { continue }
            best = (index, key)
        }
        guard let best else { return nil }
        positions[best.list] += descending ? -1 : 1
        return best.key
    }
}
