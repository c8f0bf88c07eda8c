extension WordIndex {
    /// One word's rows, ascending, with the word's occurrences in each. A count takes one byte; a count of
    /// `countEscape` or more is written as `countEscape` with the exact count in a side table, which a Zipf text
    /// needs for a handful of words in long rows only.
    package struct Postings: Sendable {
        /// The byte standing for a count kept in `overflow`.
        static let countEscape: UInt8 = 0xFF

        /// The rows, ascending.
        package private(set) var rows: [RowID] = []
        /// Each row's count, aligned with `rows`, or `countEscape`.
        private var countBytes: [UInt8] = []
        /// The exact counts of rows whose byte is `countEscape`.
        private var overflow: [RowID: UInt32] = [:]

        /// An empty list.
        package init() {}

        /// A list of one row.
        init(row: RowID, count: UInt32) {
            append(row, count: count)
        }

        /// How many rows the list holds.
        package var count: Int { rows.count }

        /// Whether the list holds no row.
        package var isEmpty: Bool { rows.isEmpty }

        /// The count at `position`.
        /// - Complexity: O(1).
        @inline(__always)
        package func count(at position: Int) -> UInt32 {
            let byte = countBytes[position]
            return byte == Self.countEscape ? overflow[rows[position]] ?? 0 : UInt32(byte)
        }

        /// Every count, aligned with `rows`.
        /// - Complexity: O(n).
        package var counts: [UInt32] { rows.indices.map(count(at:)) }

        /// The heap bytes the list holds (array storage, not allocator overhead).
        var byteCount: Int {
            (rows.capacity > 0 ? 32 + rows.capacity * 4 : 0) + (countBytes.capacity > 0 ? 32 + countBytes.capacity : 0)
                + (overflow.isEmpty ? 0 : 48 + overflow.capacity * 8)
        }

        /// Makes room for `capacity` rows.
        mutating func reserveCapacity(_ capacity: Int) {
            rows.reserveCapacity(capacity)
            countBytes.reserveCapacity(capacity)
        }

        /// Drops the spare capacity growth left (after a first build, when the lists are done growing).
        mutating func shrinkToFit() {
            guard rows.capacity > rows.count else { return }
            rows = rows.withExactCapacity()
            countBytes = countBytes.withExactCapacity()
        }

        /// Adds `row`, past every row held, with `count`.
        @inline(__always)
        mutating func append(_ row: RowID, count: UInt32) {
            rows.append(row)
            countBytes.append(byte(for: count, of: row))
        }

        /// Sets the count at `position` (the row stays).
        mutating func setCount(_ count: UInt32, at position: Int) {
            if countBytes[position] == Self.countEscape { overflow[rows[position]] = nil }
            countBytes[position] = byte(for: count, of: rows[position])
        }

        /// Adds `row` with `count` at `position`, where it keeps the rows ascending.
        mutating func insert(_ row: RowID, count: UInt32, at position: Int) {
            rows.insert(row, at: position)
            countBytes.insert(byte(for: count, of: row), at: position)
        }

        /// Removes the row at `position`.
        mutating func remove(at position: Int) {
            if countBytes[position] == Self.countEscape { overflow[rows[position]] = nil }
            rows.remove(at: position)
            countBytes.remove(at: position)
        }

        /// The byte `count` is written as for `row`, keeping the exact count aside when it does not fit.
        @inline(__always)
        private mutating func byte(for count: UInt32, of row: RowID) -> UInt8 {
            guard count >= UInt32(Self.countEscape) else { return UInt8(count) }
            overflow[row] = count
            return Self.countEscape
        }
    }
}
