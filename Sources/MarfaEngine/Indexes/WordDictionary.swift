import Glibc

/// Folded words by dense id: every word's bytes in one arena, found through an open-addressing table of ids, so a
/// word costs its bytes and about a dozen more instead of allocations of its own (most of a Zipf vocabulary's
/// words occur in one or two rows, where per-word allocations would cost more than their postings).
struct WordDictionary: Sendable {
    /// Every word's bytes, one after another in id order.
    private var arena: [UInt8] = []
    /// Where each id's bytes start in `arena`, with the arena's end last (so `count + 1` entries).
    private var starts: [UInt32] = [0]
    /// Open addressing by FNV-1a of the bytes: an id plus one, 0 for an empty slot; at most 3/4 full.
    private var slots = [UInt32](repeating: 0, count: 1024)

    /// How many words have ids.
    var count: Int { starts.count - 1 }

    /// The id of `word`, if it has one.
    /// - Complexity: O(word length) expected.
    func id(of word: UnsafeBufferPointer<UInt8>) -> UInt32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(word)) & mask
        while slots[slot] != 0 {
            let id = slots[slot] - 1
            if equals(id, word) { return id }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The id of `word`, giving it the next id when it has none; answers whether it was new.
    /// - Complexity: O(word length) expected, amortized over the table's growth.
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>) -> (id: UInt32, isNew: Bool) {
        if let id = id(of: word) { return (id, false) }
        if (count + 1) * 4 > slots.count * 3 { grow() }
        let id = UInt32(count)
        arena.append(contentsOf: word)
        starts.append(UInt32(arena.count))
        place(id, hash: Self.hash(word))
        return (id, true)
    }

    /// Calls `body` with the bytes of word `id`.
    @inline(__always)
    func withWord<Result>(_ id: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = Int(starts[Int(id)])
        let end = Int(starts[Int(id) + 1])
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The bytes of word `id`.
    func word(_ id: UInt32) -> [UInt8] { withWord(id) { Array($0) } }

    /// Whether word `left` sorts before word `right` byte by byte (a prefix first).
    func precedes(_ left: UInt32, _ right: UInt32) -> Bool {
        withWord(left) { left in withWord(right) { right in Self.precedes(left, right) } }
    }

    /// Whether word `id` sorts before `bytes` byte by byte (a prefix first).
    func precedes(_ id: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withWord(id) { Self.precedes($0, bytes) }
    }

    /// Whether word `id` begins with `prefix`.
    func word(_ id: UInt32, startsWith prefix: UnsafeBufferPointer<UInt8>) -> Bool {
        withWord(id) { word in
            word.count >= prefix.count && Self.sameBytes(word, prefix, count: prefix.count)
        }
    }

    /// The heap bytes the dictionary holds.
    var byteCount: Int { arena.capacity + starts.capacity * 4 + slots.capacity * 4 }

    /// Checks that every id is found under its own bytes and the table holds each id once.
    /// - Complexity: O(total bytes).
    func checkInvariants() throws {
        try IndexCorruption.check(slots.count { $0 != 0 } == count, "Word: dictionary holds ids twice or not at all")
        for id in 0..<UInt32(count) {
            let found = withWord(id) { self.id(of: $0) }
            try IndexCorruption.check(found == id, "Word: dictionary misses id \(id)")
        }
    }

    /// Whether word `id`'s bytes are `bytes`.
    @inline(__always)
    private func equals(_ id: UInt32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        withWord(id) { word in word.count == bytes.count && Self.sameBytes(word, bytes, count: bytes.count) }
    }

    /// Whether the first `count` bytes of `left` and `right` (both at least that long) are the same.
    @inline(__always)
    private static func sameBytes(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, count: Int
    ) -> Bool {
        guard count > 0, let left = left.baseAddress, let right = right.baseAddress else { return true }
        return memcmp(left, right, count) == 0
    }

    /// Puts `id` in the first free slot from its hash.
    private mutating func place(_ id: UInt32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = id + 1
    }

    /// Doubles the table and places every id again.
    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        for id in 0..<UInt32(count) { place(id, hash: withWord(id, Self.hash)) }
    }

    /// FNV-1a of `bytes`, finished with a multiply so the low bits (the slot) depend on every byte.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return ((hash ^ hash >> 29) &* 0xBF58_476D_1CE4_E5B9) >> 32
    }

    /// Whether `left` sorts before `right` byte by byte (a prefix first).
    @inline(__always)
    static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let common = min(left.count, right.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase, rightBase, common)
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }
}
