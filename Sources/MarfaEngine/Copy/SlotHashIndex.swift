/// Slots of `EdgeTable` found by an item key their entries hold (an edge's id, or the item the first edge of a
/// chain starts at or points at): a hash set of 32-bit slot numbers in 256 open-addressing shards, each key read
/// back from its slot's entry (`keyOf`), so a slot costs a few bytes here rather than a dictionary's key and value
/// (Decision 0044).
///
/// Each cell holds its slot beside 32 bits of the key's hash (Decision 0055): a probe reads a key back only from a
/// cell whose hash bits match, so walking past other keys' cells, placing a new key and growing a shard never reach
/// into the slots' entries (a cache miss each, which made most of building the edge table during open), at 4 bytes
/// more a cell. Linear probing, deletion by backward shift (no tombstones); a shard doubles past three quarters
/// full. A value type: a copy-on-write capture followed by one write copies one shard. Every call that probes
/// takes `keyOf`, which must answer the key of each slot the index holds.
struct SlotHashIndex: Sendable {
    typealias Slot = UInt32

    /// A cell: the high 32 bits of its key's hash above its slot.
    private typealias Cell = UInt64

    /// A cell holding no slot (no slot is `Slot.max`, `EdgeTable`'s end of a chain).
    private static var empty: Cell { .max }
    /// Shards, picked by a key hash's low byte.
    private static var shardCount: Int { 256 }

    /// One shard's cells (a power of two of them, or none) and how many hold a slot.
    private struct Shard: Sendable {
        var cells: [Cell] = []
        var count = 0
    }

    private var shards = [Shard](repeating: Shard(), count: shardCount)
    /// How many slots the index holds.
    private(set) var count = 0

    /// An empty index.
    init() {}

    /// The slot held for `key`, or nil.
    /// - Complexity: O(1) expected.
    func slot(for key: ItemKey, keyOf: (Slot) -> ItemKey) -> Slot? {
        let hash = Self.hash(key)
        let shard = Int(truncatingIfNeeded: hash & 0xFF)
        return position(of: key, hash: hash, in: shard, keyOf: keyOf).map { Self.slot(in: shards[shard].cells[$0]) }
    }

    /// Makes `slot` the one held for `key` (whose entry already answers `key`) and answers the slot it replaced,
    /// or nil when `key` had none.
    /// - Complexity: O(1) amortized.
    @discardableResult
    mutating func update(_ slot: Slot, for key: ItemKey, keyOf: (Slot) -> ItemKey) -> Slot? {
        let hash = Self.hash(key)
        let shard = Int(truncatingIfNeeded: hash & 0xFF)
        let cell = Self.cell(slot, hash: hash)
        if let position = position(of: key, hash: hash, in: shard, keyOf: keyOf) {
            let old = shards[shard].cells[position]
            shards[shard].cells[position] = cell
            return Self.slot(in: old)
        }
        if (shards[shard].count + 1) * 4 > shards[shard].cells.count * 3 { grow(shard) }
        Self.place(cell, in: &shards[shard].cells)
        shards[shard].count += 1
        count += 1
        return nil
    }

    /// Removes the slot held for `key` and answers it, or nil when `key` has none.
    /// - Complexity: O(1) expected.
    @discardableResult
    mutating func remove(_ key: ItemKey, keyOf: (Slot) -> ItemKey) -> Slot? {
        let hash = Self.hash(key)
        let shard = Int(truncatingIfNeeded: hash & 0xFF)
        guard let found = position(of: key, hash: hash, in: shard, keyOf: keyOf) else { return nil }
        let removed = Self.slot(in: shards[shard].cells[found])
        let mask = shards[shard].cells.count - 1
        var hole = found
        var next = (hole + 1) & mask
        while shards[shard].cells[next] != Self.empty {
            let moving = shards[shard].cells[next]
            let home = Self.home(moving, mask: mask)
            // The slot at `next` may fill the hole when the hole lies on its probe path from home.
            if (next - home) & mask >= (next - hole) & mask {
                shards[shard].cells[hole] = moving
                hole = next
            }
            next = (next + 1) & mask
        }
        shards[shard].cells[hole] = Self.empty
        shards[shard].count -= 1
        count -= 1
        return removed
    }

    /// The cell of `shard` holding `key`'s slot, or nil; reads back only the keys of cells with `hash`'s bits.
    private func position(of key: ItemKey, hash: UInt64, in shard: Int, keyOf: (Slot) -> ItemKey) -> Int? {
        shards[shard].cells.withUnsafeBufferPointer { cells in
            guard !cells.isEmpty else { return nil }
            let mask = cells.count - 1
            let bits = hash >> 32
            var position = Self.home(hash, mask: mask)
            while cells[position] != Self.empty {
                if cells[position] >> 32 == bits, keyOf(Self.slot(in: cells[position])) == key { return position }
                position = (position + 1) & mask
            }
            return nil
        }
    }

    /// Doubles `shard`'s cells (or gives it its first eight), placing every cell again by the hash bits it holds.
    private mutating func grow(_ shard: Int) {
        let old = shards[shard].cells
        var cells = [Cell](repeating: Self.empty, count: max(8, old.count * 2))
        for cell in old where cell != Self.empty { Self.place(cell, in: &cells) }
        shards[shard].cells = cells
    }

    /// Puts `cell` in the first free cell from its home.
    private static func place(_ cell: Cell, in cells: inout [Cell]) {
        let mask = cells.count - 1
        var position = home(cell, mask: mask)
        while cells[position] != empty { position = (position + 1) & mask }
        cells[position] = cell
    }

    /// The cell holding `slot` for a key of `hash`.
    @inline(__always)
    private static func cell(_ slot: Slot, hash: UInt64) -> Cell {
        hash & 0xFFFF_FFFF_0000_0000 | Cell(slot)
    }

    /// The slot `cell` holds.
    @inline(__always)
    private static func slot(in cell: Cell) -> Slot {
        Slot(truncatingIfNeeded: cell)
    }

    /// The position a cell, or a key's hash, is sought from in a shard of `mask + 1` cells: from the hash's high 32
    /// bits, which the cell holds, so a shard grows without reading any key back.
    @inline(__always)
    private static func home(_ cellOrHash: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: cellOrHash >> 32) & mask
    }

    /// A key's hash: a UUID's bits mixed by one multiply (they are random or a time), any other id's own hash.
    @inline(__always)
    private static func hash(_ key: ItemKey) -> UInt64 {
        let bits: UInt64
        switch key {
        case .uuid(let order): bits = order.low ^ order.high
        case .text(let id): bits = UInt64(bitPattern: Int64(id.hashValue))
        }
        let mixed = bits &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }
}
