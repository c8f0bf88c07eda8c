/// A dictionary split into 256 shards by key hash, so a copy-on-write capture (a snapshot) followed by one write
/// copies one shard, not the whole map.
///
/// - Complexity: lookups and updates O(1) amortized; the first write to a shard after a capture copies only that
///   shard (about n/256 entries).
package struct ShardedDictionary<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private static var shardCount: Int { 256 }
    private var shards: [[Key: Value]]
    /// How many entries the map holds.
    package private(set) var count = 0

    /// An empty map.
    package init() {
        shards = Array(repeating: [:], count: Self.shardCount)
    }

    private static func shard(of key: Key) -> Int {
        key.hashValue & (shardCount - 1)
    }

    /// Whether the map is empty.
    package var isEmpty: Bool { count == 0 }

    /// The value for `key`, or nil; setting nil removes it.
    package subscript(key: Key) -> Value? {
        get { shards[Self.shard(of: key)][key] }
        set {
            let index = Self.shard(of: key)
            if let newValue {
                if shards[index].updateValue(newValue, forKey: key) == nil { count += 1 }
            } else if shards[index].removeValue(forKey: key) != nil {
                count -= 1
            }
        }
    }

    /// The value for `key`, or `defaultValue` inserted when it is missing and the value is changed in place.
    package subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            let index = Self.shard(of: key)
            let before = shards[index].count
            yield &shards[index][key, default: defaultValue()]
            count += shards[index].count - before
        }
    }

    /// Sets the value for `key` and answers the value it replaced, or nil when `key` was new; one lookup.
    @discardableResult
    package mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        let old = shards[Self.shard(of: key)].updateValue(value, forKey: key)
        if old == nil { count += 1 }
        return old
    }

    /// Removes and answers the value for `key`.
    @discardableResult
    package mutating func removeValue(forKey key: Key) -> Value? {
        let removed = shards[Self.shard(of: key)].removeValue(forKey: key)
        if removed != nil { count -= 1 }
        return removed
    }

    /// Every value, in no particular order.
    package var values: [Value] {
        var all: [Value] = []
        all.reserveCapacity(count)
        for shard in shards { all.append(contentsOf: shard.values) }
        return all
    }

    /// Every key, in no particular order.
    package var keys: [Key] {
        var all: [Key] = []
        all.reserveCapacity(count)
        for shard in shards { all.append(contentsOf: shard.keys) }
        return all
    }

    /// Every entry, in no particular order.
    package var entries: [(key: Key, value: Value)] {
        var all: [(key: Key, value: Value)] = []
        all.reserveCapacity(count)
        for shard in shards { all.append(contentsOf: shard.map { ($0.key, $0.value) }) }
        return all
    }
}

extension ShardedDictionary: Equatable where Value: Equatable {
    /// Equal when both hold the same entries (shards are placed by the same hash, so they compare pairwise).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.shards == rhs.shards
    }
}
