import MarfaRules

extension WordIndex {
    /// One word's rows, ascending, with the word's occurrences in each, delta-compressed: per row its gap from the
    /// row before, doubled, plus one when a count follows, as a varint; then, unless the count is 1 (most are), the
    /// count as one byte (`countEscape` and the count as a varint for 255 or more) (Decision 0037). A skip entry per `blockSize` rows (the block's first row and byte offset) lets a `Cursor` seek
    /// without decoding from the start, so intersections still gallop.
    package struct Postings: Sendable {
        /// The rows a skip entry covers.
        static let blockSize = 64
        /// The count byte standing for a varint count after it.
        static let countEscape: UInt8 = 0xFF

        /// The rows and counts as written.
        private var bytes: [UInt8] = []
        /// For each block after the first: its first row and the byte offset of its first entry, in turn.
        private var skips: [UInt32] = []
        /// How many rows the list holds.
        package private(set) var count: Int32 = 0
        /// The highest row held (0 for none).
        private(set) var last: RowID = 0

        /// An empty list.
        package init() {}

        /// A list of one row.
        init(row: RowID, count: UInt32) {
            append(row, count: count)
        }

        /// Whether the list holds no row.
        package var isEmpty: Bool { count == 0 }

        /// The rows, ascending.
        /// - Complexity: O(n).
        package var rows: [RowID] {
            var rows: [RowID] = []
            rows.reserveCapacity(Int(count))
            forEach { row, _ in rows.append(row) }
            return rows
        }

        /// Every count, aligned with `rows`.
        /// - Complexity: O(n).
        package var counts: [UInt32] {
            var counts: [UInt32] = []
            counts.reserveCapacity(Int(count))
            forEach { _, count in counts.append(count) }
            return counts
        }

        /// The heap bytes the list holds (array storage, not allocator overhead).
        var byteCount: Int {
            (bytes.capacity > 0 ? 32 + bytes.capacity : 0) + (skips.capacity > 0 ? 32 + skips.capacity * 4 : 0)
        }

        /// The first row and its count, nil for an empty list.
        var first: (row: RowID, count: UInt32)? {
            var cursor = Cursor()
            return cursor.advance(in: self) ? (cursor.row, cursor.count) : nil
        }

        /// Calls `body` with each row and its count, ascending.
        /// - Complexity: O(n).
        @inline(__always)
        package func forEach(_ body: (RowID, UInt32) -> Void) {
            bytes.withUnsafeBufferPointer { bytes in
                var offset = 0
                var row: RowID = 0
                while offset < bytes.count {
                    let (gap, count) = Self.entry(bytes, at: &offset)
                    row &+= gap
                    body(row, count)
                }
            }
        }

        /// Adds `row`, past every row held, with `count`.
        /// - Complexity: O(1) amortized.
        mutating func append(_ row: RowID, count: UInt32) {
            if self.count > 0 && Int(self.count) % Self.blockSize == 0 {
                skips.append(row)
                skips.append(UInt32(bytes.count))
            }
            ByteWriter.append(varint: UInt64(row - last) << 1 | (count == 1 ? 0 : 1), to: &bytes)
            if count >= UInt32(Self.countEscape) {
                bytes.append(Self.countEscape)
                ByteWriter.append(varint: UInt64(count), to: &bytes)
            } else if count != 1 {
                bytes.append(UInt8(count))
            }
            last = row
            self.count += 1
        }

        /// Writes the list as a stored word index holds it (Decision 0071).
        func writeImage(into writer: inout WordIndexImageWriter) throws {
            try writer.write(count)
            try writer.write(last)
            try writer.write(bytes)
            try writer.write(skips)
        }

        /// The list `writeImage` wrote.
        init(image reader: inout WordIndexImageReader) throws {
            count = try reader.read(Int32.self)
            last = try reader.read(RowID.self)
            bytes = try reader.readArray(UInt8.self)
            skips = try reader.readArray(UInt32.self)
        }

        /// Drops the spare capacity growth left (after a first build, when the lists are done growing).
        mutating func shrinkToFit() {
            if bytes.capacity > bytes.count { bytes = bytes.withExactCapacity() }
            if skips.capacity > skips.count { skips = skips.withExactCapacity() }
        }

        /// Checks that rows ascend, that counts are positive and that the skip entries point where their blocks
        /// begin.
        /// - Complexity: O(n).
        func checkInvariants() throws {
            var previous: RowID?
            var seen: Int32 = 0
            var cursor = Cursor()
            while cursor.advance(in: self) {
                try IndexCorruption.check(previous.map { $0 < cursor.row } ?? true, "Word: postings out of order")
                try IndexCorruption.check(cursor.count > 0, "Word: a posting counts nothing")
                previous = cursor.row
                seen += 1
            }
            try IndexCorruption.check(seen == count && (previous ?? 0) == last, "Word: postings miscounted")
            try IndexCorruption.check(
                skips.count == 2 * max(0, (Int(count) - 1) / Self.blockSize), "Word: skip entries missing")
            for block in stride(from: 0, to: skips.count, by: 2) {
                var probe = Cursor()
                try IndexCorruption.check(
                    probe.seek(atLeast: skips[block], in: self) && probe.row == skips[block],
                    "Word: a skip entry names no block start")
            }
        }

        /// A position in a list, moved forward only: by one row, or to the first row at or past a target.
        package struct Cursor: Sendable {
            /// The index of the row stood at (-1 before the first, `count` past the last).
            private(set) var index = -1
            /// The row stood at.
            package private(set) var row: RowID = 0
            /// The count of the row stood at.
            package private(set) var count: UInt32 = 0
            /// The byte offset of the next row's entry.
            private var offset = 0

            /// A cursor before the first row.
            package init() {}

            /// Steps to the next row; answers false past the last.
            @inline(__always)
            mutating func advance(in list: Postings) -> Bool {
                guard index + 1 < Int(list.count) else {
                    index = Int(list.count)
                    return false
                }
                list.bytes.withUnsafeBufferPointer { bytes in
                    let (gap, count) = Postings.entry(bytes, at: &offset)
                    row &+= gap
                    self.count = count
                }
                index += 1
                return true
            }

            /// Moves to the first row at or past `target` (staying put when the row stood at is one); answers
            /// false when no row is.
            /// - Complexity: O(log blocks + blockSize).
            package mutating func seek(atLeast target: RowID, in list: Postings) -> Bool {
                if index >= 0 && index < Int(list.count) && row >= target { return true }
                let blocks = list.skips.count / 2
                // The block the next row falls in (block 0 has no skip entry).
                let next = (index + 1) / Postings.blockSize
                if next < blocks && list.skips[2 * next] <= target {
                    var low = next
                    var high = blocks
                    while low + 1 < high {
                        let middle = (low + high) / 2
                        if list.skips[2 * middle] <= target { low = middle } else { high = middle }
                    }
                    index = (low + 1) * Postings.blockSize - 1
                    offset = Int(list.skips[2 * low + 1])
                    row = list.skips[2 * low]
                    list.bytes.withUnsafeBufferPointer { bytes in
                        count = Postings.entry(bytes, at: &offset).count
                    }
                    index += 1
                    if row >= target { return true }
                }
                while advance(in: list) {
                    if row >= target { return true }
                }
                return false
            }
        }

        /// The row gap and count of the entry at `offset`, moving `offset` past it.
        @inline(__always)
        private static func entry(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> (
            gap: RowID, count: UInt32
        ) {
            let value = Varint.readWide(bytes, at: &offset)
            let gap = RowID(truncatingIfNeeded: value >> 1)
            guard value & 1 == 1 else { return (gap, 1) }
            let byte = bytes[offset]
            offset += 1
            return (gap, byte == countEscape ? Varint.read(bytes, at: &offset) : UInt32(byte))
        }
    }
}
