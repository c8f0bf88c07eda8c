import MarfaRules

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

    /// The order of a lowercase hyphenated UUID, or nil when `id` is not one (`UUIDBits`, the one id grammar).
    /// - Complexity: O(1) (36 bytes read once, nothing allocated).
    package init?(id: String) {
        guard let bits = UUIDBits.parse(id) else { return nil }
        self.init(high: bits.high, low: bits.low)
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
