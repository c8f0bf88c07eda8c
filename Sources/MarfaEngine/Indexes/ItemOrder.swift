/// A dense number the engine gives each item it holds (`ItemTable`); every index stores these rather than item ids.
package typealias RowID = UInt32

/// The order of item ids as 128 bits, for breaking ties in sort indexes: for lowercase hyphenated UUIDs, the
/// form every item id takes (P-12), comparing these compares the id strings, so UUIDv7 ids order oldest first.
package struct ItemOrder: Comparable, Hashable, Sendable {
    /// The first 64 bits of the UUID.
    package var high: UInt64
    /// The last 64 bits of the UUID.
    package var low: UInt64

    /// The order of raw bits.
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The order of a lowercase hyphenated UUID, or nil when `id` is not one.
    /// - Complexity: O(1) (36 bytes read once, nothing allocated).
    package init?(id: String) {
        var id = id
        guard let order = id.withUTF8(Self.parse) else { return nil }
        self = order
    }

    /// The bits of `8-4-4-4-12` lowercase hex digits, or nil for any other bytes: the 32 digits are read eight at
    /// a time as words and checked and converted in them, not byte by byte.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemOrder? {
        guard bytes.count == 36, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let dash = UInt8(ascii: "-")
        guard base[8] == dash, base[13] == dash, base[18] == dash, base[23] == dash else { return nil }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard let first = digits(word(0)), let second = digits(half(9) | half(14) << 32),
            let third = digits(half(19) | half(24) << 32), let fourth = digits(word(28))
        else { return nil }
        return ItemOrder(high: first << 32 | second, low: third << 32 | fourth)
    }

    /// The 32-bit value of eight lowercase hex digits held in a word, first digit in the lowest byte; nil when a
    /// byte is not `0`–`9` or `a`–`f`.
    @inline(__always)
    private static func digits(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // With every byte below 0x80, adding (0x80 - low) sets a byte's high bit when it is at least `low`, and
        // adding (0x7F - high) sets it when it is above `high`; no byte carries into the next.
        guard word & highBits == 0 else { return nil }
        let isDigit = (word &+ (0x80 - 0x30) &* ones) & ~(word &+ (0x7F - 0x39) &* ones)
        let isLetter = (word &+ (0x80 - 0x61) &* ones) & ~(word &+ (0x7F - 0x66) &* ones)
        guard (isDigit | isLetter) & highBits == highBits else { return nil }
        // A digit's value is its low nibble; a letter's (bit 6 set) is its low nibble plus 9.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // First digit most significant: swap the bytes, then fold nibbles into bytes, bytes into halves, halves
        // into the 32-bit result.
        value = value.byteSwapped
        value = (value | value >> 4) & 0x00FF_00FF_00FF_00FF
        value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
        return (value | value >> 16) & 0xFFFF_FFFF
    }

    /// The lowest order, at or below every id's.
    package static let lowest = ItemOrder(high: 0, low: 0)

    /// Whether `lhs` sorts before `rhs`.
    package static func < (lhs: ItemOrder, rhs: ItemOrder) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// A broken index invariant, found by an index's `checkInvariants()`.
package struct IndexCorruption: Error, CustomStringConvertible {
    /// What is wrong, naming the index.
    package var description: String

    /// Throws `description` unless `condition` holds.
    @inline(__always)
    package static func check(_ condition: Bool, _ description: @autoclosure () -> String) throws {
        if !condition { throw IndexCorruption(description: description()) }
    }
}
