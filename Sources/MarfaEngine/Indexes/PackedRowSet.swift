/// A set of rows kept as small as the trigram index needs (Decision 0030): `RowSet`'s containers by high half,
/// but a container of up to `packLimit` rows holds its low halves as LEB128 gaps (one byte per gap under 128, so
/// about one byte a row where an array container spends two), and a fuller one is a 65,536-bit bitmap. Reads go
/// through `rows`, which decodes into a `RowSet`.
struct PackedRowSet: Sendable {
    /// The most rows a packed container holds: its gaps then take under 8 KB (at most one byte per row plus one
    /// per gap of 128 or more, of which 65,536 values leave at most 512, plus one per gap of 16,384 or more).
    static let packLimit = 7168

    /// The rows sharing one high half.
    struct Chunk: Sendable {
        /// The high 16 bits every row here shares.
        var high: UInt16
        /// The highest low half held.
        var last: UInt16
        /// How many rows the chunk holds (at least one).
        var count: UInt32
        /// The low halves as LEB128 gaps (the first from zero) while `count <= packLimit`; empty for a bitmap.
        var gaps: [UInt8]
        /// The bitmap of low halves once `count > packLimit` (`RowSet.bitmapWords` words); empty while packed.
        var words: [UInt64]

        /// Whether the chunk is a bitmap.
        var isBitmap: Bool { !words.isEmpty }

        /// The chunk of `values` (ascending, not empty), packed or a bitmap by its count.
        init(high: UInt16, values: [UInt16]) {
            self.high = high
            self.last = values[values.count - 1]
            self.count = UInt32(values.count)
            if values.count > PackedRowSet.packLimit {
                self.gaps = []
                self.words = Self.bitmap(of: values)
            } else {
                self.gaps = Self.encode(values)
                self.words = []
            }
        }

        /// The low halves held, ascending.
        func values() -> [UInt16] {
            isBitmap ? RowSet.lows(of: words, count: Int(count)) : Self.decode(gaps, count: Int(count))
        }

        /// The chunk as a `RowSet` container.
        var container: RowSet.Container {
            if isBitmap { return RowSet.Container(high: high, words: words, count: Int(count)) }
            let values = values()
            guard values.count > RowSet.arrayLimit else { return RowSet.Container(high: high, values: values) }
            return RowSet.Container(high: high, words: Self.bitmap(of: values), count: values.count)
        }

        /// The bitmap words of `values`.
        static func bitmap(of values: [UInt16]) -> [UInt64] {
            var words = [UInt64](repeating: 0, count: RowSet.bitmapWords)
            for low in values { words[Int(low >> 6)] |= 1 << UInt64(low & 63) }
            return words
        }

        /// Appends the LEB128 form of `gap` to `bytes`.
        @inline(__always)
        static func append(_ gap: UInt16, to bytes: inout [UInt8]) {
            var gap = gap
            while gap >= 0x80 {
                bytes.append(UInt8(gap & 0x7F) | 0x80)
                gap >>= 7
            }
            bytes.append(UInt8(gap))
        }

        /// Ascending `values` as LEB128 gaps, in an array of exactly their size.
        static func encode(_ values: [UInt16]) -> [UInt8] {
            var size = 0
            var previous: UInt16 = 0
            for value in values {
                let gap = value - previous
                size += gap < 0x80 ? 1 : (gap < 0x4000 ? 2 : 3)
                previous = value
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            previous = 0
            for value in values {
                append(value - previous, to: &bytes)
                previous = value
            }
            return bytes
        }

        /// The `count` values `encode` wrote.
        static func decode(_ bytes: [UInt8], count: Int) -> [UInt16] {
            [UInt16](unsafeUninitializedCapacity: count) { values, initialized in
                var previous: UInt16 = 0
                var gap: UInt16 = 0
                var shift: UInt16 = 0
                for byte in bytes where initialized < count {
                    gap |= UInt16(byte & 0x7F) << shift
                    if byte & 0x80 == 0 {
                        previous &+= gap
                        values[initialized] = previous
                        initialized += 1
                        gap = 0
                        shift = 0
                    } else {
                        shift += 7
                    }
                }
            }
        }
    }

    /// The chunks, ascending by `high`, none empty.
    private var chunks: [Chunk] = []
    /// How many rows the set holds.
    private(set) var count = 0

    /// An empty set.
    init() {}

    /// Whether the set holds no row.
    var isEmpty: Bool { count == 0 }

    /// The rows, decoded.
    /// - Complexity: O(n) for packed chunks; bitmaps are shared.
    var rows: RowSet { RowSet(containers: chunks.map(\.container)) }

    /// Adds `row`; answers whether it was absent.
    /// - Complexity: O(log c) plus O(1) amortized appending a chunk's highest row (the array grows as arrays do),
    ///   else O(packLimit) to decode and re-encode into an array of exact size.
    @discardableResult
    mutating func insert(_ row: RowID) -> Bool {
        let high = UInt16(truncatingIfNeeded: row >> 16)
        let low = UInt16(truncatingIfNeeded: row)
        let index = chunks.last?.high == high ? chunks.count - 1 : lowerBound(high)
        guard index < chunks.count, chunks[index].high == high else {
            chunks.insert(Chunk(high: high, values: [low]), at: index)
            count += 1
            return true
        }
        if chunks[index].isBitmap {
            let mask: UInt64 = 1 << UInt64(low & 63)
            guard chunks[index].words[Int(low >> 6)] & mask == 0 else { return false }
            chunks[index].words[Int(low >> 6)] |= mask
            chunks[index].count += 1
            chunks[index].last = max(chunks[index].last, low)
        } else if chunks[index].last < low && Int(chunks[index].count) < Self.packLimit {
            Chunk.append(low - chunks[index].last, to: &chunks[index].gaps)
            chunks[index].last = low
            chunks[index].count += 1
        } else {
            var values = chunks[index].values()
            let position = RowSet.position(of: low, in: values)
            guard position == values.count || values[position] != low else { return false }
            values.insert(low, at: position)
            chunks[index] = Chunk(high: high, values: values)
        }
        count += 1
        return true
    }

    /// Adds `rows` (ascending): rows past the last chunk's highest are appended in place, leaving spare capacity
    /// for `shrinkToFit()` to drop once a bulk load is done; any other row is inserted as `insert(_:)` does.
    /// - Complexity: O(1) amortized per appended row (plus one-time conversions to bitmaps), else as `insert(_:)`.
    mutating func append(contentsOf rows: ArraySlice<RowID>) {
        for row in rows {
            let high = UInt16(truncatingIfNeeded: row >> 16)
            let low = UInt16(truncatingIfNeeded: row)
            let last = chunks.count - 1
            guard last >= 0, chunks[last].high == high, chunks[last].last < low else {
                if last < 0 || chunks[last].high < high {
                    var chunk = Chunk(high: high, values: [low])
                    chunk.gaps.reserveCapacity(64)
                    chunks.append(chunk)
                    count += 1
                } else {
                    insert(row)
                }
                continue
            }
            if chunks[last].isBitmap {
                chunks[last].words[Int(low >> 6)] |= 1 << UInt64(low & 63)
            } else if Int(chunks[last].count) == Self.packLimit {
                var values = chunks[last].values()
                values.append(low)
                chunks[last] = Chunk(high: high, values: values)
                count += 1
                continue
            } else {
                Chunk.append(low - chunks[last].last, to: &chunks[last].gaps)
            }
            chunks[last].last = low
            chunks[last].count += 1
            count += 1
        }
    }

    /// Drops the spare capacity appends left in the chunks and their list.
    /// - Complexity: O(n) for the arrays copied.
    mutating func shrinkToFit() {
        if chunks.capacity > chunks.count { chunks = chunks.withExactCapacity() }
        for index in chunks.indices where chunks[index].gaps.capacity > chunks[index].gaps.count {
            chunks[index].gaps = chunks[index].gaps.withExactCapacity()
        }
    }

    /// Removes `row`; answers whether it was present.
    /// - Complexity: O(log c) plus O(packLimit) to decode and re-encode a packed chunk or to pack a bitmap.
    @discardableResult
    mutating func remove(_ row: RowID) -> Bool {
        let high = UInt16(truncatingIfNeeded: row >> 16)
        let low = UInt16(truncatingIfNeeded: row)
        let index = lowerBound(high)
        guard index < chunks.count, chunks[index].high == high else { return false }
        if chunks[index].isBitmap {
            let mask: UInt64 = 1 << UInt64(low & 63)
            guard chunks[index].words[Int(low >> 6)] & mask != 0 else { return false }
            chunks[index].words[Int(low >> 6)] &= ~mask
            chunks[index].count -= 1
            if Int(chunks[index].count) <= Self.packLimit {
                chunks[index] = Chunk(high: high, values: chunks[index].values())
            } else if low == chunks[index].last {
                chunks[index].last = chunks[index].values().last ?? 0
            }
        } else {
            var values = chunks[index].values()
            let position = RowSet.position(of: low, in: values)
            guard position < values.count, values[position] == low else { return false }
            values.remove(at: position)
            if values.isEmpty {
                chunks.remove(at: index)
            } else {
                chunks[index] = Chunk(high: high, values: values)
            }
        }
        count -= 1
        return true
    }

    /// An estimate of the heap bytes the set uses (array storage, not allocator overhead).
    /// - Complexity: O(c).
    var byteCount: Int {
        guard !chunks.isEmpty else { return 0 }
        return 32 + chunks.capacity * MemoryLayout<Chunk>.stride + chunks.reduce(0) {
            $0 + ($1.isBitmap ? 32 + 8 * $1.words.capacity : 32 + $1.gaps.capacity)
        }
    }

    /// Checks the layout: chunks ascending and non-empty, packed exactly up to `packLimit` rows with gaps that
    /// decode to ascending values ending at `last`, full bitmaps above it, and every count right.
    /// - Complexity: O(c × 65,536).
    func checkInvariants() throws {
        var total = 0
        for (index, chunk) in chunks.enumerated() {
            if index > 0 {
                try IndexCorruption.check(chunks[index - 1].high < chunk.high, "PackedRowSet: chunks unordered")
            }
            let values: [UInt16]
            if chunk.isBitmap {
                try IndexCorruption.check(chunk.words.count == RowSet.bitmapWords, "PackedRowSet: short bitmap")
                try IndexCorruption.check(chunk.gaps.isEmpty, "PackedRowSet: bitmap keeps gaps")
                let bits = chunk.words.reduce(0) { $0 + $1.nonzeroBitCount }
                try IndexCorruption.check(bits == chunk.count, "PackedRowSet: bitmap count \(chunk.count)≠\(bits)")
                try IndexCorruption.check(bits > Self.packLimit, "PackedRowSet: bitmap of \(bits) should be packed")
                values = chunk.values()
            } else {
                try IndexCorruption.check((1...Self.packLimit).contains(Int(chunk.count)), "PackedRowSet: size")
                values = chunk.values()
                try IndexCorruption.check(Chunk.encode(values) == chunk.gaps, "PackedRowSet: gaps not canonical")
                try IndexCorruption.check(zip(values, values.dropFirst()).allSatisfy { $0 < $1 },
                                          "PackedRowSet: values unsorted")
            }
            try IndexCorruption.check(values.count == chunk.count && values.last == chunk.last,
                                      "PackedRowSet: count or last wrong")
            total += Int(chunk.count)
        }
        try IndexCorruption.check(total == count, "PackedRowSet: count \(count) but \(total) rows")
    }

    /// The first chunk index whose `high` is at least `high`.
    @inline(__always)
    private func lowerBound(_ high: UInt16) -> Int {
        RowSet.lowerBound(high, in: chunks) { $0.high }
    }
}
