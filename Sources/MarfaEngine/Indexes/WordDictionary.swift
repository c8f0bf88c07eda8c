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

    /// An empty dictionary.
    init() {}

    /// How many words have ids.
    var count: Int { starts.count - 1 }

    /// The id of `word`, if it has one.
    /// - Complexity: O(word length) expected.
    func id(of word: UnsafeBufferPointer<UInt8>) -> UInt32? {
        id(of: word, hash: Self.hash(word))
    }

    /// The id of `word`, whose `hash` is given, if it has one.
    private func id(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> UInt32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let id = slots[slot] - 1
            if equals(id, word) { return id }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The id of `word`, whose `hash` the caller worked out, giving it the next id when it has none; answers
    /// whether it was new.
    /// - Complexity: O(word length) expected, amortized over the table's growth.
    mutating func insert(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (id: UInt32, isNew: Bool) {
        if let id = id(of: word, hash: hash) { return (id, false) }
        if (count + 1) * 4 > slots.count * 3 { placeAll(slotCount: slots.count * 2) }
        let id = UInt32(count)
        arena.append(contentsOf: word)
        starts.append(UInt32(arena.count))
        place(id, hash: hash)
        return (id, true)
    }

    /// Adds every word of `other`, none of which has an id here, after this dictionary's words and in their
    /// order: `other`'s id n becomes `count + n` (the ids as they were before).
    /// - Complexity: O(words of both): the table is placed again.
    mutating func append(disjoint other: WordDictionary) {
        let base = UInt32(arena.count)
        arena.append(contentsOf: other.arena)
        starts.append(contentsOf: other.starts.dropFirst().lazy.map { $0 + base })
        var slotCount = slots.count
        while count * 4 > slotCount * 3 { slotCount *= 2 }
        placeAll(slotCount: slotCount)
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

    /// The ids of the words holding `piece` (at their end only, when `atEnd`), ascending: one scan of the arena
    /// (`forEachOffset`), each hit placed in its word by a binary search of the starts (a hit spanning two words
    /// is skipped, as are later hits in a word already placed).
    /// - Complexity: O(arena bytes + hits × log words).
    func ids(holding piece: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> [UInt32] {
        var found: [UInt32] = []
        var placedEnd = 0
        arena.withUnsafeBufferPointer { arena in
            Self.forEachOffset(of: piece, in: arena) { offset in
                guard offset >= placedEnd else { return }
                let id = word(containing: offset)
                let end = Int(starts[id + 1])
                guard offset + piece.count <= end else { return }
                placedEnd = end
                let tail = UnsafeBufferPointer(rebasing: arena[(end - piece.count)..<end])
                if !atEnd || Self.sameBytes(tail, piece, count: piece.count) { found.append(UInt32(id)) }
            }
        }
        return found
    }

    /// Calls `body` with each offset of `haystack` where `needle` begins, ascending. Eight offsets a step are
    /// screened at once for the needle's first two bytes (SWAR: a zero byte of the two XORs marks a candidate,
    /// and a borrow can only add candidates, never hide one), and each candidate is compared in full.
    /// - Complexity: O(haystack / 8 + candidates × needle).
    static func forEachOffset(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void
    ) {
        let lastStart = haystack.count - needle.count
        guard lastStart >= 0, !needle.isEmpty, let base = haystack.baseAddress, let pattern = needle.baseAddress
        else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let secondOffset = needle.count > 1 ? 1 : 0
        let first = ones &* UInt64(needle[0])
        let second = ones &* UInt64(needle[secondOffset])
        var index = 0
        while index + secondOffset + 8 <= haystack.count && index <= lastStart {
            let here = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let next = UInt64(
                littleEndian: UnsafeRawPointer(base + index + secondOffset).loadUnaligned(as: UInt64.self))
            let differ = (here ^ first) | (next ^ second)
            var marks = (differ &- ones) & ~differ & (ones &* 0x80)
            while marks != 0 {
                let start = index + marks.trailingZeroBitCount / 8
                if start <= lastStart && memcmp(base + start, pattern, needle.count) == 0 { body(start) }
                marks &= marks &- 1
            }
            index += 8
        }
        while index <= lastStart {
            if memcmp(base + index, pattern, needle.count) == 0 { body(index) }
            index += 1
        }
    }

    /// The id of the word whose bytes hold arena offset `offset`.
    private func word(containing offset: Int) -> Int {
        var low = 0
        var high = count
        while low + 1 < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// The heap bytes the dictionary holds.
    var byteCount: Int { arena.capacity + starts.capacity * 4 + slots.capacity * 4 }

    /// Writes the words as a stored word index holds them (Decision 0071): the arena and the starts; the table is
    /// placed again when they are read, so a stored index never depends on the hash of the build that wrote it.
    func writeImage(into writer: inout WordIndexImageWriter) throws {
        try writer.write(arena)
        try writer.write(starts)
    }

    /// The dictionary `writeImage` wrote, its table placed again.
    /// - Complexity: O(total bytes).
    init(image reader: inout WordIndexImageReader) throws {
        arena = try reader.readArray(UInt8.self)
        starts = try reader.readArray(UInt32.self)
        try IndexCorruption.check(
            starts.first == 0 && starts.last == UInt32(arena.count) && zip(starts, starts.dropFirst()).allSatisfy(<=),
            "stored word index: word starts out of order")
        var slotCount = slots.count
        while count * 4 > slotCount * 3 { slotCount *= 2 }
        placeAll(slotCount: slotCount)
    }

    /// Checks that every id is found under its own bytes and the table holds each id once, at most 3/4 full.
    /// - Complexity: O(total bytes).
    func checkInvariants() throws {
        try IndexCorruption.check(slots.count { $0 != 0 } == count, "Word: dictionary holds ids twice or not at all")
        try IndexCorruption.check(count * 4 <= slots.count * 3, "Word: dictionary table more than 3/4 full")
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

    /// Whether the first `count` bytes of `left` and `right` (both at least that long) are the same: a short word
    /// (most are) byte by byte, where a call to `memcmp` would cost more than the comparison.
    @inline(__always)
    private static func sameBytes(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, count: Int
    ) -> Bool {
        guard count > 0, let left = left.baseAddress, let right = right.baseAddress else { return true }
        if count <= 16 {
            for index in 0..<count where left[index] != right[index] { return false }
            return true
        }
        return memcmp(left, right, count) == 0
    }

    /// Puts `id` in the first free slot from its hash.
    private mutating func place(_ id: UInt32, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = id + 1
    }

    /// Makes the table `slotCount` slots (a power of two) and places every id again.
    private mutating func placeAll(slotCount: Int) {
        slots = [UInt32](repeating: 0, count: slotCount)
        for id in 0..<UInt32(count) { place(id, hash: withWord(id, Self.hash)) }
    }

    /// FNV-1a of `bytes`, finished with a multiply so the low bits (the slot) depend on every byte; 32 bits, the
    /// highest of which `WordShare` splits words by.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
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
