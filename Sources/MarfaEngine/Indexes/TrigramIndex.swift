import MarfaRules

/// Trigram → rows over the search text of each row (its `SearchField`s, which the engine passes), giving the
/// candidates of a search term or of a `contains` operand: every row whose text could hold it. The caller then
/// verifies each candidate against the real text (`SearchQuery.frequencies(in:)` for a search,
/// `SearchText.containsIgnoringASCIICase` for `contains`), since sharing trigrams is not holding the term.
///
/// Trigrams are three bytes of a field's normal form (`SearchText`), never spanning two fields. The 50,653 trigrams
/// over the normal form's ASCII alphabet (space, a–z, 0–9) have fixed ids; others get ids on first use, freed when
/// their last row goes. Rows keep no record of their trigrams (854 distinct ones a note on average, which would
/// cost nearly a byte each): the caller hands an edit or a removal the fields the row was indexed with, their
/// trigrams are computed again, and only the trigrams that differ are touched.
///
/// A long row holds most trigrams somewhere, so it would be a candidate for nearly every term and the costliest to
/// verify. A row whose normal forms pass 8 KB therefore also keeps a 1,024-bit filter of the trigrams in each
/// 1 KB chunk of its text (chunks overlap by 64 bytes, so any pattern of up to 64 bytes lies whole in one), and
/// `removeLongRows(from:lacking:)` drops a long row when no chunk holds all of some term's trigrams.
package struct TrigramIndex: Sendable {
    /// How many trigrams have fixed ids: 37 symbols cubed.
    static let asciiTrigramCount = 37 * 37 * 37
    /// Marks a free wide id in `wideTrigrams`.
    static let freeTrigram = UInt32.max

    /// Rows whose fields' normal forms hold more bytes than this keep chunk filters.
    static let chunkedRowBytes = 8192
    /// The normal-form bytes one chunk filter covers.
    static let chunkBytes = 1024
    /// How many bytes consecutive chunks share: the longest pattern a chunk is sure to hold whole.
    static let chunkOverlap = 64
    /// The 64-bit words of one chunk filter (1,024 bits).
    static let filterWords = 16

    /// Rows by trigram id, packed (most trigrams are sparse: their rows cost about a byte each).
    private var postings = [PackedRowSet](repeating: PackedRowSet(), count: asciiTrigramCount)
    /// Ids of trigrams holding a byte outside the ASCII alphabet.
    private var wideIDs: [UInt32: UInt32] = [:]
    /// The trigram of each wide id (at `id - asciiTrigramCount`), or `freeTrigram`.
    private var wideTrigrams: [UInt32] = []
    /// Wide ids free for reuse.
    private var freeWideIDs: [UInt32] = []
    /// Each long row's chunk filters: `filterWords` words per chunk, each chunk's trigrams set as two bits apiece.
    private var filters: [RowID: [UInt64]] = [:]
    /// The rows that have chunk filters.
    private var chunkedRows = RowSet()
    /// Scratch: one bit per trigram id, all clear between calls, for collecting a row's distinct ids in order.
    private var seen: [UInt64] = [UInt64](repeating: 0, count: (asciiTrigramCount + 63) / 64)
    /// Scratch: a field's normal form.
    private var normalized: [UInt8] = []

    /// How many rows are indexed.
    package private(set) var rowCount = 0

    /// An empty index.
    package init() {}

    /// Indexes `row`, not indexed yet, with the text of `fields` (in `SearchField` order; any count).
    /// - Complexity: O(text length + trigram id space / 64) plus one postings insert per distinct trigram.
    package mutating func insert(row: RowID, fields: [String]) {
        update(row: row, from: nil, to: fields)
    }

    /// Indexes many rows not indexed yet at once, as a first build does: each postings list is touched once per
    /// batch rather than once per row, which keeps the build from waiting on memory.
    /// - Complexity: O(total text + rows × trigram id space / 64) plus the postings appends.
    package mutating func insert(contentsOf rows: [(row: RowID, fields: [String])]) {
        var pending: [(id: UInt32, row: RowID)] = []
        pending.reserveCapacity(Self.batchPairs)
        for (row, fields) in rows {
            let (ids, filters) = extract(fields, assigning: true)
            for id in ids { pending.append((id, row)) }
            if !filters.isEmpty {
                self.filters[row] = filters
                chunkedRows.insert(row)
            }
            rowCount += 1
            if pending.count >= Self.batchPairs { flush(&pending) }
        }
        flush(&pending)
        for id in postings.indices { postings[id].shrinkToFit() }
    }

    /// How many (trigram, row) pairs a bulk insert gathers before adding them to the postings.
    private static let batchPairs = 1 << 20

    /// Adds gathered pairs to the postings, grouped by trigram (a counting sort) so each list is touched once.
    private mutating func flush(_ pending: inout [(id: UInt32, row: RowID)]) {
        guard !pending.isEmpty else { return }
        var starts = [Int](repeating: 0, count: postings.count + 1)
        for pair in pending { starts[Int(pair.id) + 1] += 1 }
        for id in 0..<postings.count { starts[id + 1] += starts[id] }
        var next = starts
        var rows = [RowID](repeating: 0, count: pending.count)
        for pair in pending {
            rows[next[Int(pair.id)]] = pair.row
            next[Int(pair.id)] += 1
        }
        for id in 0..<postings.count where starts[id] < starts[id + 1] {
            postings[id].append(contentsOf: rows[starts[id]..<starts[id + 1]])
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// Re-indexes `row` from the fields it was indexed with (`old`, nil for a row not indexed) to `new` (nil to
    /// remove it), touching only the trigrams that differ.
    /// - Complexity: O(text length + trigram id space / 64) plus one postings change per changed trigram.
    package mutating func update(row: RowID, from old: [String]?, to new: [String]?) {
        let wasIndexed = old != nil
        let old = old.map { extract($0, assigning: false).ids } ?? []
        let (ids, filters) = new.map { extract($0, assigning: true) } ?? ([], [])
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < ids.count {
            if newIndex == ids.count || (oldIndex < old.count && old[oldIndex] < ids[newIndex]) {
                removePosting(row, from: old[oldIndex])
                oldIndex += 1
            } else if oldIndex == old.count || ids[newIndex] < old[oldIndex] {
                postings[Int(ids[newIndex])].insert(row)
                newIndex += 1
            } else {
                oldIndex += 1
                newIndex += 1
            }
        }
        rowCount += (new == nil ? 0 : 1) - (wasIndexed ? 1 : 0)
        if filters.isEmpty {
            self.filters[row] = nil
            chunkedRows.remove(row)
        } else {
            self.filters[row] = filters
            chunkedRows.insert(row)
        }
    }

    /// The rows holding every trigram of `pattern`, a normal-form byte pattern (`SearchQuery.Term.pattern` or
    /// `SearchText.normalizedOperand`): a superset of the rows whose text holds it.
    ///
    /// A pattern of two bytes has no trigram of its own, but in a normal form (which starts and ends with a space)
    /// it is always followed by a byte unless it ends with a space, and then it is preceded by one; so its rows are
    /// the union over the trigrams it begins (a one-letter word prefix `" q"`, an operand `"ab"`) or ends (`"b "`).
    /// A shorter pattern answers nil: nothing narrows it, every row is a candidate and the caller scans the rows
    /// its other filters leave.
    /// - Complexity: O(pattern) lookups plus the intersection, smallest postings first (two bytes: the union of at
    ///   most 37 ASCII trigrams plus a pass over the non-ASCII trigram table).
    package func candidates(for pattern: [UInt8]) -> RowSet? {
        guard pattern.count >= 3 else {
            guard pattern.count == 2 else { return nil }
            let pair = UInt32(pattern[0]) << 8 | UInt32(pattern[1])
            let begins = pattern[1] != 0x20
            let (shift, mask): (UInt32, UInt32) = begins ? (8, 0xFF_FF00) : (0, 0xFFFF)
            var sets = (UInt32(0)..<37).compactMap { symbol -> RowSet? in
                let byte = symbol == 0 ? 0x20 : (symbol <= 26 ? 0x60 + symbol : 0x30 + symbol - 27)
                let key = begins ? pair << 8 | byte : byte << 16 | pair
                return Self.asciiID(of: key).map { postings[Int($0)].rows }
            }
            for (key, id) in wideIDs where key & mask == pair << shift { sets.append(postings[Int(id)].rows) }
            return RowSet.union(of: sets)
        }
        var sets: [RowSet] = []
        var ids: [UInt32] = []
        var missing = false
        pattern.withUnsafeBufferPointer { buffer in
            SearchText.forEachTrigram(in: buffer) { key in
                guard !missing else { return }
                guard let id = existingID(of: key) else {
                    missing = true
                    return
                }
                if !ids.contains(id) {
                    ids.append(id)
                    sets.append(postings[Int(id)].rows)
                }
            }
        }
        return missing ? RowSet() : RowSet.intersection(of: sets)
    }

    /// The candidates of a whole query: the rows holding every trigram of every term, less the long rows whose
    /// chunk filters rule a term out (nil when no term narrows anything; an empty set for a query with no term).
    /// - Complexity: as `candidates(for:)` per term, plus the intersection and `removeLongRows(from:lacking:)`.
    package func candidates(for query: SearchQuery) -> RowSet? {
        guard !query.isEmpty else { return RowSet() }
        guard var rows = RowSet.intersection(of: query.patterns.compactMap { candidates(for: $0) }) else { return nil }
        removeLongRows(from: &rows, lacking: query.patterns)
        return rows
    }

    /// Removes from `rows` the long rows in which, for some pattern, no chunk filter holds all its trigrams (of
    /// its first `chunkOverlap` bytes, a part any occurrence keeps whole in one chunk): rows that cannot hold every
    /// pattern. Worth its cost before verifying long text; `candidates(for: SearchQuery)` applies it, and a caller
    /// checking `contains` on a long field can apply it to `candidates(for: pattern)`.
    /// - Complexity: O(long rows among `rows` × chunks × trigrams), each chunk left at its first missing bit.
    package func removeLongRows(from rows: inout RowSet, lacking patterns: [[UInt8]]) {
        let long = rows.intersection(chunkedRows)
        guard !long.isEmpty else { return }
        let probes: [[(Int, Int)]] = patterns.map { pattern in
            var bits: [(Int, Int)] = []
            Array(pattern.prefix(Self.chunkOverlap)).withUnsafeBufferPointer { buffer in
                SearchText.forEachTrigram(in: buffer) { key in
                    if let id = existingID(of: key) { bits.append(Self.filterBits(of: id)) }
                }
            }
            return bits
        }
        for row in long {
            guard let filters = filters[row] else { continue }
            let held = filters.withUnsafeBufferPointer { filters in
                probes.allSatisfy { bits in Self.someChunk(of: filters, holds: bits) }
            }
            if !held { rows.remove(row) }
        }
    }

    /// Whether some chunk filter in `filters` has every bit of `bits` set.
    @inline(__always)
    private static func someChunk(of filters: UnsafeBufferPointer<UInt64>, holds bits: [(Int, Int)]) -> Bool {
        var chunk = 0
        while chunk < filters.count {
            var held = true
            for (first, second) in bits
            where filters[chunk + first >> 6] & (1 << UInt64(first & 63)) == 0
                || filters[chunk + second >> 6] & (1 << UInt64(second & 63)) == 0 {
                held = false
                break
            }
            if held { return true }
            chunk += filterWords
        }
        return false
    }

    /// The two bits of a chunk filter a trigram id sets, from two multiplicative hashes.
    @inline(__always)
    private static func filterBits(of id: UInt32) -> (Int, Int) {
        (Int((id &* 0x9E37_79B1) >> 22), Int((id &* 0x85EB_CA77) >> 22))
    }

    /// How many rows hold the trigram `key` (0 when none does); how selective a term is before intersecting.
    /// - Complexity: O(1).
    package func rowCount(ofTrigram key: UInt32) -> Int {
        existingID(of: key).map { postings[Int($0)].count } ?? 0
    }

    /// An estimate of the heap bytes the postings use, with the id tables.
    /// - Complexity: O(trigrams).
    package var postingsByteCount: Int {
        postings.reduce(postings.capacity * MemoryLayout<PackedRowSet>.stride) { $0 + $1.byteCount }
            + wideIDs.capacity * 12 + wideTrigrams.capacity * 4 + seen.capacity * 8
    }

    /// An estimate of the heap bytes the long rows' chunk filters use (rows keep nothing else).
    /// - Complexity: O(long rows).
    package var rowByteCount: Int {
        filters.values.reduce(filters.capacity * 16) { $0 + 32 + 8 * $1.capacity } + chunkedRows.byteCount
    }

    /// Checks the postings against `rows`, every indexed row with the fields it was indexed with: each trigram's
    /// rows are exactly the rows whose fields hold it, long rows have whole chunk filters, wide ids are consistent
    /// and every postings list is well formed.
    /// - Complexity: O(total text + total postings).
    package func checkInvariants(rows: [(row: RowID, fields: [String])]) throws {
        var expected = [Int](repeating: 0, count: postings.count)
        let decoded = postings.map(\.rows)
        var scratch = self
        var chunked: [RowID] = []
        for (row, fields) in rows {
            let (ids, filters) = scratch.extract(fields, assigning: false)
            for id in ids {
                try IndexCorruption.check(decoded[Int(id)].contains(row), "Trigram: \(id) lacks row \(row)")
                expected[Int(id)] += 1
            }
            if !filters.isEmpty {
                chunked.append(row)
                try IndexCorruption.check(self.filters[row] == filters, "Trigram: row \(row) chunk filters differ")
            }
        }
        try IndexCorruption.check(rows.count == rowCount, "Trigram: \(rowCount) rows counted, \(rows.count) held")
        try IndexCorruption.check(chunked.sorted() == chunkedRows.rows, "Trigram: long rows misfiled")
        try IndexCorruption.check(filters.count == chunkedRows.count, "Trigram: filters kept for short rows")
        for (id, set) in postings.enumerated() {
            try IndexCorruption.check(set.count == expected[id], "Trigram: id \(id) holds rows no fields name")
            try set.checkInvariants()
        }
        for (offset, key) in wideTrigrams.enumerated() {
            let id = UInt32(offset + Self.asciiTrigramCount)
            if key == Self.freeTrigram {
                try IndexCorruption.check(postings[Int(id)].isEmpty && freeWideIDs.contains(id), "Trigram: free id")
            } else {
                try IndexCorruption.check(wideIDs[key] == id && !postings[Int(id)].isEmpty, "Trigram: wide id \(id)")
            }
        }
        try IndexCorruption.check(wideIDs.count + freeWideIDs.count == wideTrigrams.count, "Trigram: wide ids")
        try IndexCorruption.check(seen.allSatisfy { $0 == 0 }, "Trigram: scratch bits left set")
    }

    // MARK: - Ids

    /// The symbol of a normal-form byte (space 0, a–z 1–26, 0–9 27–36), or nil for any other byte.
    @inline(__always)
    private static func symbol(_ byte: UInt32) -> UInt32? {
        if byte == 0x20 { return 0 }
        if byte &- 0x61 < 26 { return byte - 0x61 + 1 }
        if byte &- 0x30 < 10 { return byte - 0x30 + 27 }
        return nil
    }

    /// The fixed id of an ASCII-alphabet trigram, or nil for a wide one.
    @inline(__always)
    private static func asciiID(of key: UInt32) -> UInt32? {
        guard let first = symbol(key >> 16), let second = symbol(key >> 8 & 0xFF), let third = symbol(key & 0xFF)
        else { return nil }
        return (first * 37 + second) * 37 + third
    }

    /// The id of `key` if it has one.
    @inline(__always)
    private func existingID(of key: UInt32) -> UInt32? {
        Self.asciiID(of: key) ?? wideIDs[key]
    }

    /// The id of `key`, giving a wide trigram one when it has none.
    private mutating func id(of key: UInt32) -> UInt32 {
        if let id = existingID(of: key) { return id }
        let id: UInt32
        if let free = freeWideIDs.popLast() {
            id = free
            wideTrigrams[Int(id) - Self.asciiTrigramCount] = key
        } else {
            id = UInt32(postings.count)
            postings.append(PackedRowSet())
            wideTrigrams.append(key)
            if seen.count * 64 < postings.count { seen.append(0) }
        }
        wideIDs[key] = id
        return id
    }

    /// Removes `row` from trigram `id`, freeing a wide id left with no row.
    private mutating func removePosting(_ row: RowID, from id: UInt32) {
        postings[Int(id)].remove(row)
        guard Int(id) >= Self.asciiTrigramCount, postings[Int(id)].isEmpty else { return }
        let offset = Int(id) - Self.asciiTrigramCount
        wideIDs[wideTrigrams[offset]] = nil
        wideTrigrams[offset] = Self.freeTrigram
        freeWideIDs.append(id)
    }

    /// The distinct trigram ids of `fields`, ascending, and chunk filters for a long row. Trigrams without an id
    /// are given one when `assigning`, else left out (fields a row was indexed with have ids for all theirs).
    private mutating func extract(_ fields: [String], assigning: Bool) -> (ids: [UInt32], filters: [UInt64]) {
        var keys: [UInt32] = []
        var fieldEnds: [Int] = []
        var bytes = 0
        for field in fields {
            SearchText.normalize(field, into: &normalized)
            normalized.withUnsafeBufferPointer { normal in
                SearchText.forEachTrigram(in: normal) { keys.append($0) }
            }
            bytes += normalized.count
            fieldEnds.append(keys.count)
        }
        guard assigning else {
            let known = keys.compactMap { existingID(of: $0) }
            let filters = known.count == keys.count && bytes > Self.chunkedRowBytes
                ? Self.chunkFilters(ids: known, fieldEnds: fieldEnds) : []
            return (distinct(known), filters)
        }
        keys.withUnsafeMutableBufferPointer { keys in
            for index in keys.indices {
                keys[index] = Self.asciiID(of: keys[index]) ?? id(of: keys[index])
            }
        }
        let filters = bytes > Self.chunkedRowBytes ? Self.chunkFilters(ids: keys, fieldEnds: fieldEnds) : []
        return (distinct(keys), filters)
    }

    /// The chunk filters of a row whose trigram ids, in text order, end field by field at `fieldEnds`: the
    /// trigram at normal-form offset `i` of a field is its `i`-th, so a chunk of bytes `a..<b` holds trigrams
    /// `a..<(b - 2)`.
    private static func chunkFilters(ids: [UInt32], fieldEnds: [Int]) -> [UInt64] {
        var filters: [UInt64] = []
        var fieldStart = 0
        for fieldEnd in fieldEnds {
            // A field of n trigrams has n + 2 normal-form bytes.
            let fieldBytes = fieldEnd - fieldStart + 2
            var chunkStart = 0
            while fieldEnd > fieldStart {
                let chunkEnd = min(fieldBytes, chunkStart + chunkBytes)
                let base = filters.count
                filters.append(contentsOf: repeatElement(0, count: filterWords))
                for offset in chunkStart..<(chunkEnd - 2) {
                    let (first, second) = filterBits(of: ids[fieldStart + offset])
                    filters[base + first >> 6] |= 1 << UInt64(first & 63)
                    filters[base + second >> 6] |= 1 << UInt64(second & 63)
                }
                if chunkEnd == fieldBytes { break }
                chunkStart = chunkEnd - chunkOverlap
            }
            fieldStart = fieldEnd
        }
        return filters
    }

    /// The distinct ids of `ids`, ascending: collected once each through the scratch bits, then read back in
    /// order, clearing them (cheaper than sorting several hundred ids, unless there are few against the id space).
    private mutating func distinct(_ ids: [UInt32]) -> [UInt32] {
        seen.withUnsafeMutableBufferPointer { seen -> [UInt32] in
            var touched: [UInt32] = []
            for id in ids {
                let word = Int(id >> 6)
                let bit: UInt64 = 1 << UInt64(id & 63)
                if seen[word] & bit == 0 {
                    seen[word] |= bit
                    touched.append(id)
                }
            }
            if touched.count * 16 < seen.count {
                touched.sort()
                for id in touched { seen[Int(id >> 6)] = 0 }
                return touched
            }
            var sorted: [UInt32] = []
            sorted.reserveCapacity(touched.count)
            for index in seen.indices where seen[index] != 0 {
                var bits = seen[index]
                seen[index] = 0
                while bits != 0 {
                    sorted.append(UInt32(index << 6 | bits.trailingZeroBitCount))
                    bits &= bits &- 1
                }
            }
            return sorted
        }
    }

    // MARK: - Id records

    /// Ascending ids as LEB128 gaps, in an array of exactly their size (the word index's row records).
    static func encode(_ ids: [UInt32]) -> [UInt8] {
        var size = 0
        var previous: UInt32 = 0
        for id in ids {
            size += (32 - (id - previous).leadingZeroBitCount + 6) / 7 + ((id - previous) == 0 ? 1 : 0)
            previous = id
        }
        return [UInt8](unsafeUninitializedCapacity: size) { bytes, initialized in
            var previous: UInt32 = 0
            for id in ids {
                var gap = id - previous
                previous = id
                while gap >= 0x80 {
                    bytes[initialized] = UInt8(gap & 0x7F) | 0x80
                    initialized += 1
                    gap >>= 7
                }
                bytes[initialized] = UInt8(gap)
                initialized += 1
            }
        }
    }

    /// The ids `encode` wrote.
    static func decode(_ bytes: [UInt8]) -> [UInt32] {
        var ids: [UInt32] = []
        ids.reserveCapacity(bytes.count)
        var previous: UInt32 = 0
        var gap: UInt32 = 0
        var shift: UInt32 = 0
        for byte in bytes {
            gap |= UInt32(byte & 0x7F) << shift
            if byte & 0x80 == 0 {
                previous += gap
                ids.append(previous)
                gap = 0
                shift = 0
            } else {
                shift += 7
            }
        }
        return ids
    }
}
