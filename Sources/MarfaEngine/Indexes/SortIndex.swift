/// The order a sort index is walked in.
package enum SortWalk: Sendable, Hashable {
    /// Keys ascending, equal keys by id ascending.
    case ascending
    /// Keys descending, equal keys by id descending (how the instance breaks ties in a descending time sort).
    case descending
    /// Keys descending, equal keys by id ascending (how a descending property sort breaks ties, seed 000).
    case descendingKeys
}

/// Where a walk starts, read in the walk's direction.
package enum SortStart<Key: Comparable & Sendable>: Sendable {
    /// At the first entry of the walk.
    case edge
    /// At the first entry whose key lies at or past `key` in the walk's direction (`inclusive`), or strictly
    /// past it: a time bound such as `occurred_after` (exclusive).
    case key(Key, inclusive: Bool)
    /// Just after the entry `(key, order)` in the walk's direction, which need not be held: a page cursor.
    case after(Key, ItemOrder)
}

/// An ordered index of rows by `(key, id order)`: a B+-tree (fanout 64, nodes at least half full) with O(log n)
/// insert, remove and brief change, walked from either end or from a bound so a list with a limit stops early.
///
/// A value type: copies share nodes and a mutation copies only the nodes on its path (copy-on-write), so a
/// snapshot of the index costs O(1). Each row is held under one key; the caller passes the key to remove the row
/// or set its brief (the index keeps no per-row table).
///
/// Each entry also carries its row's brief (type, state and tier, `RowFacts.Brief`), which the owner keeps current
/// (`setBrief`), so a list walk filters the rows it passes over without reading another array: in the padding of
/// a time index's entry, at no cost in memory (Decision 0063).
package struct SortIndex<Key: Comparable & Sendable>: Sendable {
    /// One row under its key, ordered by key, then by the item's id.
    package struct Entry: Sendable, Comparable {
        /// The sort key.
        package var key: Key
        /// The item's id order, breaking ties.
        package var order: ItemOrder
        /// The row.
        package var row: RowID
        /// The row's brief as the owner last set it: not part of the entry's place in the order.
        package var brief: RowFacts.Brief

        /// Makes an entry.
        package init(key: Key, order: ItemOrder, row: RowID, brief: RowFacts.Brief) {
            self.key = key
            self.order = order
            self.row = row
            self.brief = brief
        }

        /// Whether `lhs` sorts before `rhs`: by key, then by id order (rows never tie on both).
        package static func < (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key < rhs.key || (lhs.key == rhs.key && lhs.order < rhs.order)
        }

        /// Whether two entries hold the same row at the same place (key and order), whatever their briefs: the
        /// brief is not part of the order, so `==` agrees with `<`. Checks compare briefs on their own.
        package static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.key == rhs.key && lhs.order == rhs.order && lhs.row == rhs.row
        }
    }

    /// A tree node: a leaf holds entries; an internal node holds children and, between each pair, a separator no
    /// greater than any entry of the child after it and greater than every entry of the child before it.
    ///
    /// Its two arrays skip the runtime's exclusivity checks (most of the 2 % of a 64-writer commit's CPU they
    /// took, Decision 0048): a node is changed only by the index's own mutating methods, after
    /// `isKnownUniquelyReferenced` made it the index's alone, and none of them holds an access to a node's array
    /// across a call that reaches the same node.
    final class Node: @unchecked Sendable {
        /// A leaf's entries, or an internal node's separators (one fewer than its children).
        @exclusivity(unchecked) var entries: [Entry]
        /// An internal node's children; empty for a leaf.
        @exclusivity(unchecked) var children: [Node]

        /// Makes a node.
        init(entries: [Entry], children: [Node]) {
            self.entries = entries
            self.children = children
        }

        /// Whether the node is a leaf.
        var isLeaf: Bool { children.isEmpty }

        /// The node's size as fill is counted: entries in a leaf, children in an internal node.
        var size: Int { isLeaf ? entries.count : children.count }

        /// A copy sharing the children.
        func copy() -> Node { Node(entries: entries, children: children) }
    }

    /// The most entries in a leaf and the most children of an internal node.
    package static var fanout: Int { 64 }
    /// The fewest a node other than the root keeps.
    static var minimumSize: Int { fanout / 2 }

    /// The root; an empty leaf for an empty index.
    private var root = Node(entries: [], children: [])
    /// How many entries the index holds.
    package private(set) var count = 0

    /// An empty index.
    package init() {}

    /// An index holding `entries`, which must be in strictly ascending order: built bottom up, each level split
    /// into nodes as evenly as the fanout allows, so every node but the root is at least half full.
    /// - Complexity: O(n).
    package init(sorted entries: [Entry]) {
        count = entries.count
        var level = Self.evenSplits(of: entries.count).map { range in
            (node: Node(entries: Array(entries[range]), children: []), first: entries[range.lowerBound])
        }
        while level.count > 1 {
            level = Self.evenSplits(of: level.count).map { range in
                let group = level[range]
                return (node: Node(entries: group.dropFirst().map(\.first), children: group.map(\.node)),
                        first: group[range.lowerBound].first)
            }
        }
        if let top = level.first { root = top.node }
    }

    /// `0..<count` cut into the fewest ranges of at most `fanout`, their lengths differing by at most one.
    private static func evenSplits(of count: Int) -> [Range<Int>] {
        let parts = (count + fanout - 1) / fanout
        return (0..<parts).map { part in (part * count / parts)..<((part + 1) * count / parts) }
    }

    /// Adds `row` under `key`, with its brief. A row must be held under one key at a time.
    /// - Complexity: O(log n).
    package mutating func insert(_ row: RowID, key: Key, order: ItemOrder, brief: RowFacts.Brief) {
        let entry = Entry(key: key, order: order, row: row, brief: brief)
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        if let (separator, right) = Self.insert(entry, into: root) {
            root = Node(entries: [separator], children: [root, right])
        }
        count += 1
    }

    /// Removes `row` held under `key`; answers whether it was held there.
    /// - Complexity: O(log n).
    @discardableResult
    package mutating func remove(_ row: RowID, key: Key, order: ItemOrder) -> Bool {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        guard Self.remove(Entry(key: key, order: order, row: row, brief: .vacant), from: root) else { return false }
        if !root.isLeaf && root.children.count == 1 { root = root.children[0] }
        count -= 1
        return true
    }

    /// Sets the brief of `row` held under `key`, copying only the nodes on its path; answers whether it was held
    /// there.
    /// - Complexity: O(log n).
    @discardableResult
    package mutating func setBrief(_ brief: RowFacts.Brief, row: RowID, key: Key, order: ItemOrder) -> Bool {
        if !isKnownUniquelyReferenced(&root) { root = root.copy() }
        return Self.setBrief(brief, of: Entry(key: key, order: order, row: row, brief: .vacant), in: root)
    }

    /// Calls `body` with entries in `direction` from `start` until it answers false or the entries run out.
    /// - Complexity: O(log n) to start, O(1) amortized per entry visited (`.descendingKeys` adds O(log n) per
    ///   distinct key it passes).
    package func forEach(
        _ direction: SortWalk, from start: SortStart<Key> = .edge, _ body: (Entry) throws -> Bool
    ) rethrows {
        switch direction {
        case .ascending:
            var cursor = seek(.ascending, from: start)
            while let (entries, index) = cursor.leaf {
                for position in index..<entries.count {
                    guard try body(entries[position]) else { return }
                }
                cursor.advanceToNextLeaf()
            }
        case .descending:
            var cursor = seek(.descending, from: start)
            cursor.retreat()
            while let (entries, index) = cursor.leaf {
                for position in stride(from: index, through: 0, by: -1) {
                    guard try body(entries[position]) else { return }
                }
                cursor.retreatToPreviousLeaf()
            }
        case .descendingKeys:
            try forEachDescendingKeys(from: start, body)
        }
    }

    /// The entries in `direction` from `start`, at most `limit` of them.
    /// - Complexity: O(log n + limit) (plus O(log n) per distinct key for `.descendingKeys`).
    package func entries(_ direction: SortWalk, from start: SortStart<Key> = .edge, limit: Int) -> [Entry] {
        var result: [Entry] = []
        guard limit > 0 else { return result }
        forEach(direction, from: start) { entry in
            result.append(entry)
            return result.count < limit
        }
        return result
    }

    /// An estimate of the heap bytes the index uses.
    /// - Complexity: O(nodes).
    package var byteCount: Int { Self.byteCount(of: root) }

    /// Checks the tree: entries in strict order, separators bounding their children, every node but the root at
    /// least half full and none over `fanout`, all leaves at one depth, and `count` right.
    /// - Complexity: O(n).
    package func checkInvariants() throws {
        var previous: Entry?
        var leafDepth: Int?
        let held = try Self.check(root, depth: 0, isRoot: true, lower: nil, upper: nil,
                                  previous: &previous, leafDepth: &leafDepth)
        try IndexCorruption.check(held == count, "SortIndex: count \(count) but \(held) entries")
    }

    // MARK: - Walking

    /// A position in the tree: the path from the root, each node with the child (or, in the leaf, the entry) it
    /// is at. Empty once walked off either end.
    struct Cursor {
        /// The path, root first.
        var path: [(node: Node, index: Int)]

        /// The entry at the cursor, nil when off the end.
        var entry: Entry? {
            guard let last = path.last, last.index >= 0, last.index < last.node.entries.count else { return nil }
            return last.node.entries[last.index]
        }

        /// The entries of the leaf the cursor is in and its position among them, nil when off the end: a walk reads
        /// a leaf's entries in a loop and moves the cursor once per leaf, not once per entry.
        var leaf: (entries: [Entry], index: Int)? {
            guard let last = path.last, last.index >= 0, last.index < last.node.entries.count else { return nil }
            return (last.node.entries, last.index)
        }

        /// Moves to the first entry of the next leaf (off the end after the last leaf).
        mutating func advanceToNextLeaf() {
            guard let last = path.last else { return }
            path[path.count - 1].index = last.node.entries.count - 1
            advance()
        }

        /// Moves to the last entry of the previous leaf (off the end before the first leaf).
        mutating func retreatToPreviousLeaf() {
            guard !path.isEmpty else { return }
            path[path.count - 1].index = 0
            retreat()
        }

        /// Moves to the next entry (off the end after the last).
        mutating func advance() {
            guard var last = path.popLast() else { return }
            last.index += 1
            if last.index < last.node.entries.count {
                path.append(last)
                return
            }
            while let parent = path.popLast() {
                if parent.index + 1 < parent.node.children.count {
                    path.append((parent.node, parent.index + 1))
                    var node = parent.node.children[parent.index + 1]
                    while !node.isLeaf {
                        path.append((node, 0))
                        node = node.children[0]
                    }
                    path.append((node, 0))
                    return
                }
            }
        }

        /// Moves to the previous entry (off the end before the first).
        mutating func retreat() {
            guard var last = path.popLast() else { return }
            last.index -= 1
            if last.index >= 0 && last.index < last.node.entries.count {
                path.append(last)
                return
            }
            while let parent = path.popLast() {
                if parent.index > 0 {
                    path.append((parent.node, parent.index - 1))
                    var node = parent.node.children[parent.index - 1]
                    while !node.isLeaf {
                        path.append((node, node.children.count - 1))
                        node = node.children[node.children.count - 1]
                    }
                    path.append((node, node.entries.count - 1))
                    return
                }
            }
        }
    }

    /// The cursor at the first entry for which `isAtOrPast` holds (entries must be all false, then all true),
    /// or off the end when there is none.
    func seek(_ isAtOrPast: (Entry) -> Bool) -> Cursor {
        seek(position: { node in Self.firstIndex(in: node.entries, where: isAtOrPast) })
    }

    /// The cursor where a walk from `start` in `direction` begins: at the first entry for `.ascending`, just past
    /// the last for `.descending` (a `retreat` reaches it). An edge is reached without searching any node: a
    /// binary search for it read about six cache lines a level (Decision 0066).
    private func seek(_ direction: SortWalk, from start: SortStart<Key>) -> Cursor {
        let ascending = direction == .ascending
        if case .edge = start {
            return ascending ? seek(position: { _ in 0 }) : seek(position: { node in node.entries.count })
        }
        return ascending
            ? seek { Self.beginsAscending(at: $0, from: start) } : seek { Self.isPastDescendingStart($0, from: start) }
    }

    /// The cursor at the position `position` picks in each node from the root down (an index into a leaf's
    /// entries, or of the child to descend into), stepped onto the next leaf when it picks a leaf's end.
    private func seek(position: (Node) -> Int) -> Cursor {
        var path: [(node: Node, index: Int)] = []
        path.reserveCapacity(8)
        var node = root
        while !node.isLeaf {
            let index = position(node)
            path.append((node, index))
            node = node.children[index]
        }
        let index = position(node)
        path.append((node, index))
        var cursor = Cursor(path: path)
        if index == node.entries.count {
            // Keep the position (retreat from here finds the last entry before it), but step onto the next leaf
            // when there is one, so `entry` reads the first entry at or past the bound.
            var next = cursor
            next.advance()
            if next.entry != nil { cursor = next }
        }
        return cursor
    }

    /// Whether `entry` is where an ascending walk from `start` begins, or past it. A function rather than a
    /// closure made per walk, whose captured bound was a heap allocation on every list.
    @inline(__always)
    static func beginsAscending(at entry: Entry, from start: SortStart<Key>) -> Bool {
        switch start {
        case .edge: return true
        case .key(let key, let inclusive): return inclusive ? entry.key >= key : entry.key > key
        case .after(let key, let order): return entry.key > key || (entry.key == key && entry.order > order)
        }
    }

    /// Whether `entry` is the first entry a descending walk from `start` must not reach, or past it; the walk
    /// starts just before it.
    @inline(__always)
    static func isPastDescendingStart(_ entry: Entry, from start: SortStart<Key>) -> Bool {
        switch start {
        case .edge: return false
        case .key(let key, let inclusive): return inclusive ? entry.key > key : entry.key >= key
        case .after(let key, let order): return entry.key > key || (entry.key == key && entry.order >= order)
        }
    }

    /// Keys descending, each key's entries ascending by id.
    private func forEachDescendingKeys(from start: SortStart<Key>, _ body: (Entry) throws -> Bool) rethrows {
        var groupStart: SortStart<Key>
        var groupKey: Key
        switch start {
        case .after(let key, let order):
            groupKey = key
            groupStart = .after(key, order)
        case .edge, .key:
            var last = seek(.descending, from: start)
            last.retreat()
            guard let entry = last.entry else { return }
            groupKey = entry.key
            groupStart = .key(entry.key, inclusive: true)
        }
        while true {
            var cursor = seek(.ascending, from: groupStart)
            while let entry = cursor.entry, entry.key == groupKey {
                guard try body(entry) else { return }
                cursor.advance()
            }
            var below = seek(.descending, from: .key(groupKey, inclusive: false))
            below.retreat()
            guard let entry = below.entry else { return }
            groupKey = entry.key
            groupStart = .key(entry.key, inclusive: true)
        }
    }

    /// The first index in sorted `entries` where `predicate` holds (the count when none).
    @inline(__always)
    static func firstIndex(in entries: [Entry], where predicate: (Entry) -> Bool) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(entries[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: - Insert and remove

    /// Inserts into the subtree at `node` (already unique); answers the separator and new right sibling when the
    /// node split.
    private static func insert(_ entry: Entry, into node: Node) -> (Entry, Node)? {
        let index = firstIndex(in: node.entries) { entry < $0 }
        if node.isLeaf {
            node.entries.insert(entry, at: index)
            guard node.entries.count > fanout else { return nil }
            let middle = node.entries.count / 2
            let right = Node(entries: Array(node.entries[middle...]), children: [])
            // A fresh array rather than `removeSubrange`, which would keep the capacity the insert just doubled
            // to: half full at twice the fanout, a leaf filled in ascending order would hold 4 slots per entry.
            node.entries = Array(node.entries[..<middle])
            return (right.entries[0], right)
        }
        let child = uniqueChild(of: node, at: index)
        guard let (separator, right) = insert(entry, into: child) else { return nil }
        node.entries.insert(separator, at: index)
        node.children.insert(right, at: index + 1)
        guard node.children.count > fanout else { return nil }
        let middle = node.children.count / 2
        let promoted = node.entries[middle - 1]
        let sibling = Node(entries: Array(node.entries[middle...]), children: Array(node.children[middle...]))
        node.entries = Array(node.entries[..<(middle - 1)])
        node.children = Array(node.children[..<middle])
        return (promoted, sibling)
    }

    /// Sets the brief of the entry at `entry`'s place (its own brief unread) in the subtree at `node` (already
    /// unique); answers whether it was found.
    private static func setBrief(_ brief: RowFacts.Brief, of entry: Entry, in node: Node) -> Bool {
        if node.isLeaf {
            let index = firstIndex(in: node.entries) { !($0 < entry) }
            guard index < node.entries.count, node.entries[index] == entry else { return false }
            node.entries[index].brief = brief
            return true
        }
        let index = firstIndex(in: node.entries) { entry < $0 }
        return setBrief(brief, of: entry, in: uniqueChild(of: node, at: index))
    }

    /// Removes from the subtree at `node` (already unique), rebalancing children that fall below half full;
    /// answers whether the entry was found (by its place: `==` does not compare briefs).
    private static func remove(_ entry: Entry, from node: Node) -> Bool {
        if node.isLeaf {
            let index = firstIndex(in: node.entries) { !($0 < entry) }
            guard index < node.entries.count, node.entries[index] == entry else { return false }
            node.entries.remove(at: index)
            return true
        }
        let index = firstIndex(in: node.entries) { entry < $0 }
        let child = uniqueChild(of: node, at: index)
        guard remove(entry, from: child) else { return false }
        if child.size < minimumSize { rebalance(node, at: index) }
        return true
    }

    /// Refills child `index` of `node` from a sibling with room to spare, or merges it with one.
    private static func rebalance(_ node: Node, at index: Int) {
        let child = node.children[index]
        if index > 0, node.children[index - 1].size > minimumSize {
            let left = uniqueChild(of: node, at: index - 1)
            if child.isLeaf {
                child.entries.insert(left.entries.removeLast(), at: 0)
                node.entries[index - 1] = child.entries[0]
            } else {
                child.entries.insert(node.entries[index - 1], at: 0)
                child.children.insert(left.children.removeLast(), at: 0)
                node.entries[index - 1] = left.entries.removeLast()
            }
        } else if index + 1 < node.children.count, node.children[index + 1].size > minimumSize {
            let right = uniqueChild(of: node, at: index + 1)
            if child.isLeaf {
                child.entries.append(right.entries.removeFirst())
                node.entries[index] = right.entries[0]
            } else {
                child.entries.append(node.entries[index])
                child.children.append(right.children.removeFirst())
                node.entries[index] = right.entries.removeFirst()
            }
        } else if index > 0 {
            merge(node, at: index - 1)
        } else if index + 1 < node.children.count {
            merge(node, at: index)
        }
    }

    /// Merges child `index + 1` of `node` into child `index`.
    private static func merge(_ node: Node, at index: Int) {
        let left = uniqueChild(of: node, at: index)
        let right = node.children[index + 1]
        if !left.isLeaf { left.entries.append(node.entries[index]) }
        left.entries.append(contentsOf: right.entries)
        left.children.append(contentsOf: right.children)
        node.entries.remove(at: index)
        node.children.remove(at: index + 1)
    }

    /// Child `index` of `node`, copied first if another tree shares it.
    @inline(__always)
    private static func uniqueChild(of node: Node, at index: Int) -> Node {
        if !isKnownUniquelyReferenced(&node.children[index]) { node.children[index] = node.children[index].copy() }
        return node.children[index]
    }

    // MARK: - Accounting and checks

    /// The heap bytes of the subtree at `node`.
    private static func byteCount(of node: Node) -> Int {
        let own = 48 + 32 + node.entries.capacity * MemoryLayout<Entry>.stride
            + (node.isLeaf ? 0 : 32 + node.children.capacity * 8)
        return node.children.reduce(own) { $0 + byteCount(of: $1) }
    }

    /// Checks the subtree at `node` against the bounds its parent's separators set; answers its entry count.
    private static func check(
        _ node: Node, depth: Int, isRoot: Bool, lower: Entry?, upper: Entry?,
        previous: inout Entry?, leafDepth: inout Int?
    ) throws -> Int {
        try IndexCorruption.check(node.size <= fanout, "SortIndex: node over fanout")
        try IndexCorruption.check(isRoot || node.size >= minimumSize, "SortIndex: node under half full")
        if node.isLeaf {
            if let leafDepth {
                try IndexCorruption.check(leafDepth == depth, "SortIndex: leaves at different depths")
            } else {
                leafDepth = depth
            }
            for entry in node.entries {
                if let previous {
                    try IndexCorruption.check(previous < entry, "SortIndex: entries out of order")
                }
                if let lower { try IndexCorruption.check(!(entry < lower), "SortIndex: entry below its separator") }
                if let upper { try IndexCorruption.check(entry < upper, "SortIndex: entry above its separator") }
                previous = entry
            }
            return node.entries.count
        }
        try IndexCorruption.check(node.entries.count == node.children.count - 1, "SortIndex: separator count")
        try IndexCorruption.check(isRoot ? node.children.count >= 2 : true, "SortIndex: root with one child")
        var total = 0
        for (index, child) in node.children.enumerated() {
            total += try check(
                child, depth: depth + 1, isRoot: false,
                lower: index == 0 ? lower : node.entries[index - 1],
                upper: index == node.entries.count ? upper : node.entries[index],
                previous: &previous, leafDepth: &leafDepth)
        }
        return total
    }
}
