/// A sorted array of row keys: the created-order indexes that keep listing pages O(page + log n).
///
/// New rows arrive with the newest `created_at`, so inserts land at the end (amortised O(1)); an insert elsewhere or
/// a removal moves the tail, a memmove of references.
package struct OrderedKeys: Sendable, Hashable {
    /// The keys, ascending.
    package private(set) var keys: [RowKey] = []

    /// Makes an empty index.
    package init() {}

    /// How many keys the index holds.
    package var count: Int { keys.count }

    /// The first position whose key is not below `key`.
    /// - Complexity: O(log n).
    package func lowerBound(_ key: RowKey) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first position whose key is above `key`.
    /// - Complexity: O(log n).
    package func upperBound(_ key: RowKey) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if key < keys[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Adds `key` in order (nothing when it is held).
    package mutating func insert(_ key: RowKey) {
        if let last = keys.last, last < key {
            keys.append(key)
            return
        }
        let position = lowerBound(key)
        if position < keys.count, keys[position] == key { return }
        keys.insert(key, at: position)
    }

    /// Removes `key` when held.
    package mutating func remove(_ key: RowKey) {
        let position = lowerBound(key)
        if position < keys.count, keys[position] == key { keys.remove(at: position) }
    }
}
