/// Key → rows, for the exact-value filters: type, state, tier, tag, source. A row may be under several keys
/// (tags) or one (the rest); the caller passes the keys to remove or update (the index keeps no per-row table).
package struct PostingsIndex<Key: Hashable & Sendable>: Sendable {
    /// Rows by key; no key maps to an empty set.
    private var postings: [Key: RowSet] = [:]

    /// An empty index.
    package init() {}

    /// The keys that hold at least one row.
    package var keys: Dictionary<Key, RowSet>.Keys { postings.keys }

    /// Adds `row` under `key`.
    /// - Complexity: O(1) expected plus the `RowSet` insert.
    package mutating func insert(_ row: RowID, key: Key) {
        postings[key, default: RowSet()].insert(row)
    }

    /// Removes `row` from under `key`, dropping the key when it holds no row.
    /// - Complexity: O(1) expected plus the `RowSet` removal.
    package mutating func remove(_ row: RowID, key: Key) {
        guard postings[key]?.remove(row) == true, postings[key]?.isEmpty == true else { return }
        postings[key] = nil
    }

    /// Moves `row` from the keys `old` to the keys `new`, touching only keys in one and not the other.
    /// - Complexity: O(|old| × |new|) comparisons plus one postings change per key that differs.
    package mutating func update(_ row: RowID, from old: some Collection<Key>, to new: some Collection<Key>) {
        for key in old where !new.contains(key) { remove(row, key: key) }
        for key in new where !old.contains(key) { insert(row, key: key) }
    }

    /// How many (key, row) pairs the index holds.
    /// - Complexity: O(keys).
    package var total: Int { postings.values.reduce(0) { $0 + $1.count } }

    /// The rows under `key` (empty when none).
    /// - Complexity: O(1) expected.
    package func rows(for key: Key) -> RowSet { postings[key] ?? RowSet() }

    /// The rows under every key of `keys` (every tag named): nil when `keys` is empty, meaning no narrowing.
    /// - Complexity: the intersection, smallest postings first.
    package func rows(matchingAll keys: some Sequence<Key>) -> RowSet? {
        RowSet.intersection(of: keys.map { rows(for: $0) })
    }

    /// The rows under any key of `keys` (a type and its subtypes).
    /// - Complexity: the union, O(total size).
    package func rows(matchingAny keys: some Sequence<Key>) -> RowSet {
        RowSet.union(of: keys.map { rows(for: $0) })
    }

    /// An estimate of the heap bytes the index uses, not counting the keys' own storage.
    /// - Complexity: O(keys).
    package var byteCount: Int {
        postings.values.reduce(postings.capacity * (MemoryLayout<Key>.stride + MemoryLayout<RowSet>.stride)) {
            $0 + $1.byteCount
        }
    }

    /// Checks that no key holds an empty set and that every set is well formed.
    /// - Complexity: O(total postings).
    package func checkInvariants() throws {
        for (key, rows) in postings {
            try IndexCorruption.check(!rows.isEmpty, "PostingsIndex: key \(key) holds no row")
            try rows.checkInvariants()
        }
    }
}
