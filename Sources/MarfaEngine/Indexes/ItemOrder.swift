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

    /// The bits of `8-4-4-4-12` lowercase hex digits, or nil for any other bytes.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemOrder? {
        guard bytes.count == 36 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        return ItemOrder(high: high, low: low)
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
