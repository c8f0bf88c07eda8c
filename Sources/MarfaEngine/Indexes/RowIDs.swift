/// A dense number the engine gives each item it holds; every index stores these rather than item ids.
package typealias RowID = UInt32

/// The dense row numbers of the items an engine holds: one per id, reused after release, so rows stay in
/// `0..<capacity` and postings over them stay compact.
package struct RowIDs<ID: Hashable & Sendable>: Sendable {
    /// Rows by id.
    private var rowsByID: [ID: RowID] = [:]
    /// Ids by row; nil for a released row.
    private var ids: [ID?] = []
    /// Released rows, reused last released first.
    private var released: [RowID] = []

    /// An empty table.
    package init() {}

    /// How many ids hold a row.
    package var count: Int { rowsByID.count }

    /// One more than the highest row ever given: every row is below it.
    package var capacity: Int { ids.count }

    /// The row of `id`, giving it one (a released row if any, else a new one) when it has none.
    /// - Complexity: O(1) amortized.
    package mutating func assign(_ id: ID) -> RowID {
        if let row = rowsByID[id] { return row }
        let row: RowID
        if let reused = released.popLast() {
            row = reused
            ids[Int(row)] = id
        } else {
            row = RowID(ids.count)
            ids.append(id)
        }
        rowsByID[id] = row
        return row
    }

    /// Takes `id`'s row back for reuse and answers it, or nil when `id` holds none. Every index must have
    /// removed the row first.
    /// - Complexity: O(1) amortized.
    package mutating func release(_ id: ID) -> RowID? {
        guard let row = rowsByID.removeValue(forKey: id) else { return nil }
        ids[Int(row)] = nil
        released.append(row)
        return row
    }

    /// The row of `id`, if it holds one.
    /// - Complexity: O(1).
    package func row(of id: ID) -> RowID? { rowsByID[id] }

    /// The id holding `row`, if any.
    /// - Complexity: O(1).
    package func id(of row: RowID) -> ID? { Int(row) < ids.count ? ids[Int(row)] : nil }

    /// Checks that rows and ids map one to one and that every row below `capacity` is held or released once.
    /// - Complexity: O(capacity).
    package func checkInvariants() throws {
        var seen = [Bool](repeating: false, count: ids.count)
        for (id, row) in rowsByID {
            try IndexCorruption.check(Int(row) < ids.count && ids[Int(row)] == id, "RowIDs: row \(row) lost its id")
            seen[Int(row)] = true
        }
        for row in released {
            try IndexCorruption.check(Int(row) < ids.count && !seen[Int(row)], "RowIDs: released row \(row) held")
            try IndexCorruption.check(ids[Int(row)] == nil, "RowIDs: released row \(row) keeps an id")
            seen[Int(row)] = true
        }
        try IndexCorruption.check(!seen.contains(false), "RowIDs: a row is neither held nor released")
    }
}

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
    /// - Complexity: O(1).
    package init?(id: String) {
        var digits: [UInt64] = []
        digits.reserveCapacity(32)
        for (index, byte) in id.utf8.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(UInt64(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digits.append(UInt64(byte - UInt8(ascii: "a") + 10))
            default: return nil
            }
        }
        guard digits.count == 32 else { return nil }
        high = digits[0..<16].reduce(0) { $0 << 4 | $1 }
        low = digits[16..<32].reduce(0) { $0 << 4 | $1 }
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
