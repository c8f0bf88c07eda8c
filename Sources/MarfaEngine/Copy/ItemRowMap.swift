import MarfaRules

/// Items and their rows by id, for `ItemTable`: a lowercase UUID id (the form every item id takes, P-12) as its
/// 128 bits in an open-addressing table whose entry holds the bits, the row and the item side by side, so a get
/// reads one entry (usually one cache line) and then the item, rather than a hash map's control bytes, keys and
/// values and then a row page; any other id in a plain dictionary.
///
/// The table is split into 256 shards by hash, so a copy-on-write capture (a snapshot) followed by one write copies
/// one shard. Linear probing, at most three quarters full, with backward-shift removal (no tombstones). The hash
/// mixes a per-map random seed into the bits, so ids chosen to collide cannot be prepared ahead.
struct ItemRowMap: Sendable {
    /// A held item and its row.
    struct Held: Sendable {
        /// The item's row in `ItemTable`.
        var row: RowID
        /// The item.
        var item: Item
    }

    /// One id's bits, its row and its item; a free entry holds no item.
    private struct Entry: Sendable {
        var high: UInt64
        var low: UInt64
        var row: RowID
        var item: Item?

        static let free = Entry(high: 0, low: 0, row: 0, item: nil)
    }

    /// One shard: entries at a power-of-two count (none before the first insert).
    private struct Shard: Sendable {
        var entries: [Entry] = []
        var count = 0

        func find(_ order: ItemOrder, hash: UInt64) -> Int? {
            guard !entries.isEmpty else { return nil }
            let mask = entries.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while entries[index].item != nil {
                if entries[index].low == order.low && entries[index].high == order.high { return index }
                index = (index + 1) & mask
            }
            return nil
        }

        /// Adds `order` (absent) at `row` with `item`; `hashOf` rehashes entries when the shard grows.
        mutating func insert(_ order: ItemOrder, _ held: Held, hash: UInt64, hashOf: (Entry) -> UInt64) {
            if (count + 1) * 4 > entries.count * 3 { grow(hashOf: hashOf) }
            place(Entry(high: order.high, low: order.low, row: held.row, item: held.item), hash: hash)
            count += 1
        }

        /// Removes the entry at `index`, shifting back the entries after it that probed past it.
        mutating func remove(at index: Int, hashOf: (Entry) -> UInt64) {
            let mask = entries.count - 1
            var hole = index
            var next = (index + 1) & mask
            while entries[next].item != nil {
                let home = Int(truncatingIfNeeded: hashOf(entries[next])) & mask
                // The entry may fill the hole when its home is not cyclically within (hole, next].
                if (next - home) & mask >= (next - hole) & mask {
                    entries[hole] = entries[next]
                    hole = next
                }
                next = (next + 1) & mask
            }
            entries[hole] = .free
            count -= 1
        }

        private mutating func place(_ entry: Entry, hash: UInt64) {
            let mask = entries.count - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while entries[index].item != nil { index = (index + 1) & mask }
            entries[index] = entry
        }

        /// Gives the shard room for `count` entries without growing, re-placing those it holds.
        mutating func reserve(_ count: Int, hashOf: (Entry) -> UInt64) {
            var cells = max(8, entries.count)
            while count * 4 > cells * 3 { cells *= 2 }
            if cells > entries.count { resize(to: cells, hashOf: hashOf) }
        }

        private mutating func grow(hashOf: (Entry) -> UInt64) {
            resize(to: max(8, entries.count * 2), hashOf: hashOf)
        }

        private mutating func resize(to cells: Int, hashOf: (Entry) -> UInt64) {
            let old = entries
            entries = Array(repeating: .free, count: cells)
            for entry in old where entry.item != nil { place(entry, hash: hashOf(entry)) }
        }
    }

    private static var shardBits: UInt64 { 8 }
    private var shards = [Shard](repeating: Shard(), count: 1 << Int(shardBits))
    /// Items of ids that are not lowercase UUIDs.
    private var others: [String: Held] = [:]
    /// Mixed into every hash.
    private let seed = UInt64.random(in: .min ... .max)

    /// An empty map.
    init() {}

    /// How many ids the map holds.
    private(set) var count = 0

    /// The item of `id` and its row, or nil.
    /// - Complexity: O(1) expected; a UUID's 36 bytes are read once, nothing is allocated.
    subscript(id: String) -> Held? { self[key: ItemKey(id)] }

    /// The item keyed `key` and its row, or nil.
    /// - Complexity: O(1) expected; nothing is allocated.
    subscript(key key: ItemKey) -> Held? {
        guard case .uuid(let order) = key else { return key.text.flatMap { others[$0] } }
        let hash = hash(order.high, order.low)
        let shard = Int(truncatingIfNeeded: hash >> (64 - Self.shardBits))
        guard let index = shards[shard].find(order, hash: hash) else { return nil }
        let entry = shards[shard].entries[index]
        return entry.item.map { Held(row: entry.row, item: $0) }
    }

    /// Puts `item` in place of the item `id` holds and answers its row and the item it replaced, or answers nil
    /// (changing nothing) when `id` is not held.
    /// - Complexity: O(1) expected.
    mutating func replace(_ id: String, with item: Item) -> Held? {
        guard let order = ItemOrder(id: id) else {
            guard let held = others[id] else { return nil }
            others[id]?.item = item
            return held
        }
        let hash = hash(order.high, order.low)
        let shard = Int(truncatingIfNeeded: hash >> (64 - Self.shardBits))
        guard let index = shards[shard].find(order, hash: hash),
            let old = shards[shard].entries[index].item
        else { return nil }
        shards[shard].entries[index].item = item
        return Held(row: shards[shard].entries[index].row, item: old)
    }

    /// Makes room for `capacity` UUID-keyed items in all, as the hash spreads them over the shards (with three
    /// standard deviations to spare), so that a restore that knows how many items follow never grows a shard: each
    /// growth copies and re-places the shard's entries (Decision 0047). Below one item a shard it does nothing.
    mutating func reserveCapacity(_ capacity: Int) {
        let perShard = capacity >> Int(Self.shardBits)
        guard perShard > 0 else { return }
        let expected = perShard + 3 * Int(Double(perShard).squareRoot()) + 1
        let seed = seed
        for shard in shards.indices { shards[shard].reserve(expected) { Self.mix($0.high, $0.low, seed: seed) } }
    }

    /// Holds `item` under `id` at `row`; `id` must not be held yet.
    /// - Complexity: O(1) amortized.
    mutating func insert(_ id: String, row: RowID, item: Item) {
        count += 1
        let held = Held(row: row, item: item)
        guard let order = ItemOrder(id: id) else {
            others[id] = held
            return
        }
        let hash = hash(order.high, order.low)
        let seed = seed
        shards[Int(truncatingIfNeeded: hash >> (64 - Self.shardBits))].insert(order, held, hash: hash) {
            Self.mix($0.high, $0.low, seed: seed)
        }
    }

    /// Forgets `id` and answers the row it had, or nil when it was not held.
    /// - Complexity: O(1) expected.
    mutating func remove(_ id: String) -> RowID? {
        guard let order = ItemOrder(id: id) else {
            let row = others.removeValue(forKey: id)?.row
            if row != nil { count -= 1 }
            return row
        }
        let hash = hash(order.high, order.low)
        let shard = Int(truncatingIfNeeded: hash >> (64 - Self.shardBits))
        guard let index = shards[shard].find(order, hash: hash) else { return nil }
        count -= 1
        let row = shards[shard].entries[index].row
        let seed = seed
        shards[shard].remove(at: index) { Self.mix($0.high, $0.low, seed: seed) }
        return row
    }

    private func hash(_ high: UInt64, _ low: UInt64) -> UInt64 { Self.mix(high, low, seed: seed) }

    /// A 64-bit mix of the id's bits and the seed (the finalizer of MurmurHash3 over their combination).
    private static func mix(_ high: UInt64, _ low: UInt64, seed: UInt64) -> UInt64 {
        var value = low ^ seed ^ (high &* 0x9E37_79B9_7F4A_7C15)
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
