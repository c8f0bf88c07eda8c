import MarfaRules

/// Folded word → the rows holding it, with how often: the index a search finds its rows in (P-76, P-77).
///
/// A row's words are the words of its fields' normal forms (`SearchText`), so a one-word term is answered
/// exactly from the postings, with no look at the text: a whole word by its own postings, a last-word prefix by
/// the union of the postings of every word it begins (a range of the sorted dictionary). A term of several words
/// (a phrase, or a word that folds into pieces, `e-mail`) gets the intersection of its words' rows as candidates,
/// which the caller counts exactly in the candidate's text (Decision 0044: the index keeps no word positions); a
/// row of `WordPairFilter.minimumLength` words or more keeps a filter of its adjacent word pairs, which rules out
/// most such rows without their text (Decision 0049). A `contains` operand's candidates come from the dictionary's
/// words too (`candidates(forOperand:)`).
///
/// Word ids are dense and never reused: a word whose last row goes keeps its id with empty postings, so the sorted
/// dictionary never reorders. Words live in one arena (`WordDictionary`); a word held by one row keeps that row
/// inline (most words of a Zipf text are that rare), longer postings are delta-compressed (`Postings`). Words
/// added since the dictionary was last sorted wait in a short list that prefix look-ups scan, and are merged in
/// when it grows. A row keeps only its length (and a long row its pair filter): an edit or a removal is handed the
/// fields the row was indexed from, whose words name the postings it touches (Decision 0044).
package struct WordIndex: Sendable {
    /// How many new words wait unsorted before they are merged into the sorted dictionary.
    static let unsortedLimit = 256
    /// The entry of a word no row holds.
    static let noRows = UInt64.max
    /// The bit marking an entry that names a list (its low 32 bits the index into `lists`).
    static let listTag: UInt64 = 1 << 63

    /// The words and their ids.
    private(set) var dictionary = WordDictionary()
    /// Each id's postings: `noRows`; its one row as `row << 32 | count` (no list of its own, as most words of a
    /// Zipf vocabulary have, for a row below 2^31); or `listTag` and the index of its list in `lists`.
    private var entries: [UInt64] = []
    /// The postings of the words holding more than a lone row, where their entries point.
    private var lists: [Postings] = []
    /// Indexes into `lists` no word uses, for reuse.
    private var freeLists: [UInt32] = []
    /// Word ids in byte order of their words.
    private var sorted: [UInt32] = []
    /// Word ids not yet merged into `sorted`.
    private var unsorted: [UInt32] = []
    /// The length of a row not indexed.
    static let notIndexed = UInt32.max
    /// Each row's length in words, `notIndexed` for a row not indexed.
    private var lengths: [UInt32] = []
    /// The adjacent word pairs of each long row (`WordPairFilter.minimumLength` words or more).
    private var pairFilters: [RowID: WordPairFilter] = [:]
    /// Scratch: a field's normal form.
    private var normalized: [UInt8] = []
    /// Scratch of a first build's `tallyInOrder`: per word id, the tally that last met it (high half) and its place
    /// among that tally's distinct ids (low half); emptied when the build ends.
    private var seen: [UInt64] = []
    /// The number of the last `tallyInOrder`, which its marks in `seen` carry.
    private var tallyGeneration: UInt32 = 0

    /// How many rows are indexed.
    package private(set) var rowCount = 0
    /// How many words the indexed rows hold in all, for the average length ranking divides by.
    package private(set) var totalLength = 0

    /// An empty index.
    package init() {}

    /// Indexes many rows not indexed yet at once (a first build), taking each row's fields as it comes so a lazy
    /// sequence never holds every row's fields at once; rows in ascending order (as the item table yields them)
    /// only append to postings lists, any other order merges.
    /// - Complexity: O(total text) plus a sort of the new words (and merges for rows out of order).
    package mutating func insert(contentsOf rows: some Sequence<(row: RowID, fields: [String])>) {
        insert(contentsOf: rows, unless: { false })
    }

    /// `insert(contentsOf:)` that checks `stopped` before each row and, once it answers true, returns false at
    /// once, the index left unfinished (to be thrown away); `batchCapacity` bounds the postings filed at a time.
    @discardableResult
    mutating func insert(
        contentsOf rows: some Sequence<(row: RowID, fields: [String])>, unless stopped: () -> Bool,
        batchCapacity: Int = WordPostingBatch.defaultCapacity
    ) -> Bool {
        guard file(rows, unless: stopped, batchCapacity: batchCapacity) else { return false }
        finishBuild()
        return true
    }

    /// The rows part of a first build: indexes `rows` (not indexed yet, ascending) without sorting their new words
    /// into the dictionary's order or trimming the lists, which `finishBuild` does once for the whole build; false
    /// when `stopped` answered true first.
    mutating func file(
        _ rows: some Sequence<(row: RowID, fields: [String])>, share: WordShare = .all, unless stopped: () -> Bool,
        batchCapacity: Int = WordPostingBatch.defaultCapacity
    ) -> Bool {
        var batch = WordPostingBatch(capacity: batchCapacity)
        for (row, fields) in rows {
            if stopped() { return false }
            insertRow(row, fields: fields, share: share, into: &batch)
            if batch.isFull { batch.drain { setPosting($1, count: $2, in: $0) } }
        }
        batch.drain { setPosting($1, count: $2, in: $0) }
        seen = []
        return true
    }

    /// Ends a first build: sorts the new words into the dictionary's order and trims every list to its size.
    mutating func finishBuild() {
        mergeUnsorted()
        for index in lists.indices where !lists[index].isEmpty { lists[index].shrinkToFit() }
    }

    /// Takes in `other`, filed from the same rows as this index but with the other share of their words
    /// (`WordIndexBuild`): its words follow this index's in the dictionary and its lists join these as they are,
    /// nothing copied. A pair filter spans both shares, so the filters of long rows are made here, from `fields`,
    /// the fields each row was filed from.
    /// - Complexity: O(words of both + lists of `other` + the text of the long rows).
    mutating func append(disjoint other: consuming WordIndex, fields: (RowID) -> [String]) {
        let firstID = UInt32(dictionary.count)
        let firstList = UInt64(lists.count)
        dictionary.append(disjoint: other.dictionary)
        entries.reserveCapacity(entries.count + other.entries.count)
        for entry in other.entries {
            entries.append(entry != Self.noRows && entry & Self.listTag != 0 ? entry + firstList : entry)
        }
        lists.append(contentsOf: other.lists)
        unsorted.append(contentsOf: other.unsorted.lazy.map { $0 + firstID })
        let long = UInt32(WordPairFilter.minimumLength)
        for row in lengths.indices where lengths[row] != Self.notIndexed && lengths[row] >= long {
            pairFilters[RowID(row)] = extract(fields(RowID(row)), ascending: true).pairs
        }
    }

    /// Indexes `row`, not indexed yet, with the text of `fields`, for a first build: its postings wait in `batch`
    /// to be filed word by word, new words wait unsorted, and `insert(contentsOf:)` files and merges them.
    private mutating func insertRow(
        _ row: RowID, fields: [String], share: WordShare, into batch: inout WordPostingBatch
    ) {
        let (wordIDs, counts, length, pairs) = extract(fields, ascending: false, share: share)
        for (id, count) in zip(wordIDs, counts) { batch.append(id, row: row, count: count) }
        pairFilters[row] = pairs
        growRows(to: row)
        rowCount += 1
        lengths[Int(row)] = length
        totalLength += Int(length)
    }

    /// Brings many rows current at once: each row is indexed with its fields, or removed when they are nil;
    /// `indexedFields` answers the fields an indexed row was indexed from (its words are the postings it leaves).
    /// A word whose count changes in place is updated where it stands; rows a word gains or loses are merged into
    /// its postings in one pass per word, so a batch costs each touched list once rather than once per row.
    /// - Complexity: O(text of the rows, old and new + Σ over touched words of their postings).
    package mutating func update(
        batch: [(row: RowID, fields: [String]?)], indexedFields: (RowID) -> [String]?
    ) {
        var gained: [UInt32: [(row: RowID, count: UInt32)]] = [:]
        var lost: [UInt32: [RowID]] = [:]
        for (row, fields) in batch.sorted(by: { $0.row < $1.row }) {
            let indexed = length(ifIndexed: row) != nil
            let old = indexed ? heldWords(of: indexedFields(row) ?? []) : []
            let (wordIDs, counts, length, pairs) = fields.map { extract($0, ascending: true) } ?? ([], [], 0, nil)
            pairFilters[row] = pairs
            var oldIndex = 0
            var newIndex = 0
            while oldIndex < old.count || newIndex < wordIDs.count {
                if newIndex == wordIDs.count || (oldIndex < old.count && old[oldIndex] < wordIDs[newIndex]) {
                    lost[old[oldIndex], default: []].append(row)
                    oldIndex += 1
                } else if oldIndex < old.count && old[oldIndex] == wordIDs[newIndex] {
                    // A count changed in place replaces the row's entry in the word's one merge.
                    if count(of: row, in: wordIDs[newIndex]) != counts[newIndex] {
                        gained[wordIDs[newIndex], default: []].append((row, counts[newIndex]))
                    }
                    oldIndex += 1
                    newIndex += 1
                } else {
                    gained[wordIDs[newIndex], default: []].append((row, counts[newIndex]))
                    newIndex += 1
                }
            }
            if indexed {
                rowCount -= 1
                totalLength -= Int(lengths[Int(row)])
            }
            growRows(to: row)
            lengths[Int(row)] = fields == nil ? Self.notIndexed : length
            if fields != nil {
                rowCount += 1
                totalLength += Int(length)
            }
        }
        for id in Set(gained.keys).union(lost.keys) {
            merge(into: id, gained: gained[id] ?? [], lost: lost[id] ?? [])
        }
        if unsorted.count > Self.unsortedLimit { mergeUnsorted() }
    }

    /// One pass over word `id`'s postings: rows in `lost` leave, rows in `gained` enter in order or replace the
    /// entry they have (both ascending).
    private mutating func merge(into id: UInt32, gained: [(row: RowID, count: UInt32)], lost: [RowID]) {
        let current = takePostings(id)
        var merged = Postings()
        var lostIndex = 0
        var gainedIndex = 0
        current.forEach { row, count in
            while gainedIndex < gained.count && gained[gainedIndex].row < row {
                merged.append(gained[gainedIndex].row, count: gained[gainedIndex].count)
                gainedIndex += 1
            }
            if gainedIndex < gained.count && gained[gainedIndex].row == row { return }
            while lostIndex < lost.count && lost[lostIndex] < row { lostIndex += 1 }
            if lostIndex < lost.count && lost[lostIndex] == row { return }
            merged.append(row, count: count)
        }
        for entry in gained[gainedIndex...] { merged.append(entry.row, count: entry.count) }
        store(merged, at: id)
    }

    /// One past the highest row the per-row arrays have a place for.
    var rowSpace: Int { lengths.count }

    /// The length in words of an indexed row's fields (0 for a row not indexed), for ranking.
    /// - Complexity: O(1).
    package func length(of row: RowID) -> Int { length(ifIndexed: row).map(Int.init) ?? 0 }

    /// The length in words of `row`, nil when it is not indexed.
    @inline(__always)
    private func length(ifIndexed row: RowID) -> UInt32? {
        Int(row) < lengths.count && lengths[Int(row)] != Self.notIndexed ? lengths[Int(row)] : nil
    }

    /// The rows holding the folded `word`, with its occurrences in each (empty when no row does).
    /// - Complexity: O(word length).
    package func postings(of word: [UInt8]) -> Postings {
        word.withUnsafeBufferPointer { dictionary.id(of: $0) }.map { postings(at: $0) } ?? Postings()
    }

    /// The rows holding a word that begins with the folded `prefix`, each with the occurrences of all such words
    /// summed (how often the prefix begins a word of the row): one word's postings as stored, the union of
    /// several decoded.
    /// - Complexity: O(log words + matching words) to find them, then O(their postings) through a sort or a pass
    ///   over the row space, whichever is smaller.
    package func postings(ofPrefix prefix: [UInt8]) -> WordRows {
        let lists = wordIDs(ofPrefix: prefix).map { postings(at: $0) }.filter { !$0.isEmpty }
        if lists.count <= 1 { return .postings(lists.first ?? Postings()) }
        return Self.union(lists, rowSpace: rowSpace)
    }

    /// The id of the folded `word` (none when no row ever held it), as a list of at most one.
    /// - Complexity: O(word length).
    package func wordIDs(of word: [UInt8]) -> [UInt32] {
        word.withUnsafeBufferPointer { dictionary.id(of: $0) }.map { [$0] } ?? []
    }

    /// The ids of every word beginning with the folded `prefix`, ascending.
    /// - Complexity: O(log words + matching words × log matching words).
    package func wordIDs(ofPrefix prefix: [UInt8]) -> [UInt32] {
        prefix.withUnsafeBufferPointer { prefix in
            var matching: [UInt32] = []
            var low = 0
            var high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if dictionary.precedes(sorted[middle], prefix) { low = middle + 1 } else { high = middle }
            }
            while low < sorted.count, dictionary.word(sorted[low], startsWith: prefix) {
                matching.append(sorted[low])
                low += 1
            }
            for id in unsorted where dictionary.word(id, startsWith: prefix) { matching.append(id) }
            return matching.sorted()
        }
    }

    /// An estimate of the heap bytes the index uses, by part.
    /// - Complexity: O(words + rows).
    package var bytes: ByteCounts {
        let words = dictionary.byteCount + entries.capacity * 8 + (sorted.capacity + unsorted.capacity) * 4
        let postings = lists.reduce(lists.capacity * MemoryLayout<Postings>.stride + freeLists.capacity * 4) {
            $0 + $1.byteCount
        }
        let pairs = pairFilters.capacity * (MemoryLayout<RowID>.stride + MemoryLayout<WordPairFilter>.stride)
            + pairFilters.values.reduce(0) { $0 + $1.byteCount }
        return ByteCounts(words: words, postings: postings, rows: lengths.capacity * 4, pairs: pairs)
    }

    /// Writes the index as it stands, for the word index stored beside a snapshot (Decision 0071).
    /// - Complexity: O(words + postings bytes + rows).
    func writeImage(into writer: inout WordIndexImageWriter) throws {
        try dictionary.writeImage(into: &writer)
        try writer.write(entries)
        try writer.write(UInt64(lists.count))
        for list in lists { try list.writeImage(into: &writer) }
        try writer.write(freeLists)
        try writer.write(sorted)
        try writer.write(unsorted)
        try writer.write(lengths)
        try writer.write(UInt64(pairFilters.count))
        for (row, filter) in pairFilters {
            try writer.write(row)
            try filter.writeImage(into: &writer)
        }
        try writer.write(UInt64(rowCount))
        try writer.write(UInt64(totalLength))
    }

    /// The index `writeImage` wrote; refused with `IndexCorruption` when its parts do not fit together (an entry
    /// naming a list or row past the end, ids past the dictionary).
    /// - Complexity: O(words + postings bytes + rows).
    init(image reader: inout WordIndexImageReader) throws {
        dictionary = try WordDictionary(image: &reader)
        entries = try reader.readArray(UInt64.self)
        let listCount = try reader.read(UInt64.self)
        try IndexCorruption.check(listCount <= UInt64(reader.remaining / 24), "stored word index: too many lists")
        lists.reserveCapacity(Int(listCount))
        for _ in 0..<listCount { lists.append(try Postings(image: &reader)) }
        freeLists = try reader.readArray(UInt32.self)
        sorted = try reader.readArray(UInt32.self)
        unsorted = try reader.readArray(UInt32.self)
        lengths = try reader.readArray(UInt32.self)
        let filterCount = try reader.read(UInt64.self)
        try IndexCorruption.check(filterCount <= UInt64(reader.remaining / 12), "stored word index: too many filters")
        pairFilters.reserveCapacity(Int(filterCount))
        for _ in 0..<filterCount {
            let row = try reader.read(RowID.self)
            pairFilters[row] = try WordPairFilter(image: &reader)
        }
        rowCount = Int(try reader.read(UInt64.self))
        totalLength = Int(try reader.read(UInt64.self))
        try checkImageParts()
    }

    /// The checks `init(image:)` makes that keep every later look-up in bounds.
    /// - Complexity: O(words + lists + pair filters).
    private func checkImageParts() throws {
        let words = UInt32(dictionary.count)
        try IndexCorruption.check(entries.count == dictionary.count, "stored word index: entries and words differ")
        try IndexCorruption.check(
            sorted.count + unsorted.count == dictionary.count && sorted.allSatisfy { $0 < words }
                && unsorted.allSatisfy { $0 < words },
            "stored word index: the sorted words are not the dictionary's")
        try IndexCorruption.check(
            freeLists.allSatisfy { Int($0) < lists.count }, "stored word index: a free list past the end")
        try IndexCorruption.check(
            pairFilters.keys.allSatisfy { Int($0) < lengths.count }, "stored word index: a filter past the rows")
        for entry in entries where entry != Self.noRows {
            let inBounds =
                entry & Self.listTag != 0
                ? Int(UInt32(truncatingIfNeeded: entry)) < lists.count : Int(entry >> 32) < lengths.count
            try IndexCorruption.check(inBounds, "stored word index: an entry past the end")
        }
    }

    /// The heap bytes of a word index by part (estimates).
    package struct ByteCounts: Sendable {
        /// The dictionary, each word's entry and the sorted order.
        package var words: Int
        /// The postings lists.
        package var postings: Int
        /// Each row's length.
        package var rows: Int
        /// The long rows' word pair filters.
        package var pairs: Int
        /// All of them.
        package var total: Int { words + postings + rows + pairs }
    }

    // MARK: - Set algebra

    /// The union of postings lists with their counts summed per row, decoded: a first pass marks the rows held
    /// (one bit a row), a second sums each row's counts at its rank among the marked rows, so nothing the size
    /// of the row space but the marks is allocated and no sort is needed.
    /// - Complexity: O(total postings + row space / 64).
    private static func union(_ lists: [Postings], rowSpace: Int) -> WordRows {
        var marks = [UInt64](repeating: 0, count: (rowSpace + 63) / 64)
        for list in lists { list.forEach { row, _ in marks[Int(row) >> 6] |= 1 << UInt64(row & 63) } }
        var ranks = [UInt32](repeating: 0, count: marks.count)
        var held: UInt32 = 0
        for (word, bits) in marks.enumerated() {
            ranks[word] = held
            held += UInt32(bits.nonzeroBitCount)
        }
        var counts = [UInt32](repeating: 0, count: Int(held))
        for list in lists {
            list.forEach { row, count in
                let word = Int(row) >> 6
                let below = marks[word] & ((1 << UInt64(row & 63)) - 1)
                counts[Int(ranks[word]) + below.nonzeroBitCount] += count
            }
        }
        var rows: [RowID] = []
        rows.reserveCapacity(Int(held))
        for (word, bits) in marks.enumerated() {
            var bits = bits
            while bits != 0 {
                rows.append(RowID(word << 6 | bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        return .decoded(rows: rows, counts: counts)
    }

    // MARK: - Invariants

    /// Checks that every posting names an indexed row, that each row's counts add up to its length and the
    /// lengths to the total, that only long indexed rows have pair filters, that lists are used once, and that the
    /// dictionary is whole and sorted.
    /// - Complexity: O(total postings + words log words).
    package func checkInvariants() throws {
        var sums = [Int](repeating: 0, count: lengths.count)
        try IndexCorruption.check(entries.count == dictionary.count, "Word: postings and dictionary differ")
        var listed = Set(freeLists)
        for id in 0..<dictionary.count {
            let list = postings(at: UInt32(id))
            try list.checkInvariants()
            var unindexed: RowID?
            list.forEach { row, count in
                if length(ifIndexed: row) == nil { unindexed = row } else { sums[Int(row)] += Int(count) }
            }
            try IndexCorruption.check(unindexed == nil, "Word: \(id) holds row \(unindexed ?? 0), not indexed")
            if entries[id] != Self.noRows && entries[id] & Self.listTag != 0 {
                try IndexCorruption.check(listed.insert(UInt32(truncatingIfNeeded: entries[id])).inserted,
                                          "Word: \(id) shares its list")
                try IndexCorruption.check(list.count > 1 || list.rows[0] >= 1 << 31, "Word: \(id) lists a lone row")
            }
        }
        var rows = 0
        var total = 0
        for (row, held) in lengths.enumerated() where held != Self.notIndexed {
            try IndexCorruption.check(sums[row] == Int(held), "Word: row \(row)'s counts do not add up to its length")
            rows += 1
            total += Int(held)
        }
        try IndexCorruption.check(rows == rowCount, "Word: \(rowCount) rows counted, \(rows) held")
        try IndexCorruption.check(
            pairFilters.keys.allSatisfy { (length(ifIndexed: $0) ?? 0) >= WordPairFilter.minimumLength },
            "Word: a pair filter for a row not indexed or short")
        try IndexCorruption.check(total == totalLength, "Word: length \(totalLength), rows hold \(total)")
        try IndexCorruption.check(listed.count == lists.count, "Word: lists no word names")
        for index in freeLists { try IndexCorruption.check(lists[Int(index)].isEmpty, "Word: a free list holds rows") }
        try dictionary.checkInvariants()
        try IndexCorruption.check(
            Set(sorted + unsorted).count == dictionary.count && sorted.count + unsorted.count == dictionary.count,
            "Word: sorted dictionary misses words")
        try IndexCorruption.check(
            zip(sorted, sorted.dropFirst()).allSatisfy { dictionary.precedes($0, $1) }, "Word: dictionary out of order")
    }

    // MARK: - Upkeep

    /// The distinct ids of the words of `fields` in `share` (new words given ids; ascending when asked, else in
    /// order of first occurrence), their counts, the length in words (all of them), and for a long row its word
    /// pair filter (only when the share is all: a filter pairs every word with the next).
    private mutating func extract(_ fields: [String], ascending: Bool, share: WordShare = .all) -> (
        ids: [UInt32], counts: [UInt32], length: UInt32, pairs: WordPairFilter?
    ) {
        var scratch: [UInt8] = []
        swap(&scratch, &normalized)
        var found: [UInt32] = []
        var length: UInt32 = 0
        Self.forEachWord(of: fields, scratch: &scratch) { word in
            length += 1
            let hash = WordDictionary.hash(word)
            if share.holds(hash: hash) { found.append(id(of: word, hash: hash)) }
        }
        swap(&scratch, &normalized)
        let (ids, counts) = ascending ? Self.tally(found) : tallyInOrder(found)
        return (ids, counts, length, share == .all ? WordPairFilter(found) : nil)
    }

    /// `tally` without the sort, for a first build, where the order of a row's words does not matter: each id's
    /// mark in `seen` says whether this tally met it already and where its count is.
    /// - Complexity: O(ids), plus the marks' growth to the dictionary's size.
    private mutating func tallyInOrder(_ ids: [UInt32]) -> (ids: [UInt32], counts: [UInt32]) {
        tallyGeneration &+= 1
        if tallyGeneration == 0 {
            seen.removeAll(keepingCapacity: true)
            tallyGeneration = 1
        }
        if seen.count < dictionary.count {
            seen.append(contentsOf: repeatElement(0, count: dictionary.count - seen.count))
        }
        var distinct: [UInt32] = []
        var counts: [UInt32] = []
        let generation = tallyGeneration
        seen.withUnsafeMutableBufferPointer { seen in
            for id in ids {
                let mark = seen[Int(id)]
                if UInt32(truncatingIfNeeded: mark >> 32) == generation {
                    counts[Int(UInt32(truncatingIfNeeded: mark))] += 1
                } else {
                    seen[Int(id)] = UInt64(generation) << 32 | UInt64(distinct.count)
                    distinct.append(id)
                    counts.append(1)
                }
            }
        }
        return (distinct, counts)
    }

    /// Whether `row` may hold each word of `words` (ids) followed by the next in one of its fields: false only
    /// when its word pair filter surely lacks a pair; true for a row with no filter.
    /// - Complexity: O(words).
    package func mayHoldAdjacent(_ words: [UInt32], in row: RowID) -> Bool {
        guard let filter = pairFilters[row] else { return true }
        return zip(words, words.dropFirst()).allSatisfy { filter.mayHold($0, $1) }
    }

    /// The distinct ids of the words of `fields` that have ids (the fields a row was indexed from: all of them),
    /// ascending.
    private mutating func heldWords(of fields: [String]) -> [UInt32] {
        var scratch: [UInt8] = []
        swap(&scratch, &normalized)
        var found: [UInt32] = []
        Self.forEachWord(of: fields, scratch: &scratch) { word in dictionary.id(of: word).map { found.append($0) } }
        swap(&scratch, &normalized)
        return Self.tally(found).ids
    }

    /// Calls `body` with each word of `fields`' normal forms, in order; `scratch` holds a field's normal form.
    private static func forEachWord(
        of fields: [String], scratch: inout [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        let space = SearchText.space
        for field in fields {
            SearchText.normalize(field, into: &scratch)
            scratch.withUnsafeBufferPointer { normal in
                var start = 1
                for index in normal.indices.dropFirst() where normal[index] == space {
                    body(UnsafeBufferPointer(rebasing: normal[start..<index]))
                    start = index + 1
                }
            }
        }
    }

    /// The distinct ids among `ids` (ascending) and how often each occurs.
    private static func tally(_ ids: [UInt32]) -> (ids: [UInt32], counts: [UInt32]) {
        let found = ids.sorted()
        var distinct: [UInt32] = []
        var counts: [UInt32] = []
        for id in found {
            if distinct.last == id {
                counts[counts.count - 1] += 1
            } else {
                distinct.append(id)
                counts.append(1)
            }
        }
        return (distinct, counts)
    }

    /// Extends the per-row arrays so `row` has a place in each.
    private mutating func growRows(to row: RowID) {
        while lengths.count <= Int(row) { lengths.append(Self.notIndexed) }
    }

    /// The id of `word`, giving it one when it has none.
    private mutating func id(of word: UnsafeBufferPointer<UInt8>, hash: UInt64? = nil) -> UInt32 {
        let (id, isNew) = dictionary.insert(word, hash: hash ?? WordDictionary.hash(word))
        if isNew {
            entries.append(Self.noRows)
            unsorted.append(id)
        }
        return id
    }

    /// The postings of word `id`.
    /// - Complexity: O(1).
    @inline(__always)
    func postings(at id: UInt32) -> Postings {
        let entry = entries[Int(id)]
        if entry == Self.noRows { return Postings() }
        if entry & Self.listTag != 0 { return lists[Int(UInt32(truncatingIfNeeded: entry))] }
        return Postings(row: RowID(truncatingIfNeeded: entry >> 32), count: UInt32(truncatingIfNeeded: entry))
    }

    /// Takes word `id`'s postings out (leaving it no rows and its list free), so they are changed in place and put
    /// back with `store`.
    private mutating func takePostings(_ id: UInt32) -> Postings {
        let entry = entries[Int(id)]
        guard entry != Self.noRows && entry & Self.listTag != 0 else { return postings(at: id) }
        let index = UInt32(truncatingIfNeeded: entry)
        let list = lists[Int(index)]
        lists[Int(index)] = Postings()
        freeLists.append(index)
        entries[Int(id)] = Self.noRows
        return list
    }

    /// Makes `list` word `id`'s postings (its entry free, as `takePostings` leaves it): a lone row inline, more in
    /// a list.
    private mutating func store(_ list: Postings, at id: UInt32) {
        if list.isEmpty {
            entries[Int(id)] = Self.noRows
        } else if list.count == 1, let first = list.first, first.row < 1 << 31 {
            entries[Int(id)] = UInt64(first.row) << 32 | UInt64(first.count)
        } else if let index = freeLists.popLast() {
            lists[Int(index)] = list
            entries[Int(id)] = Self.listTag | UInt64(index)
        } else {
            lists.append(list)
            entries[Int(id)] = Self.listTag | UInt64(lists.count - 1)
        }
    }

    /// Sets `row`'s count under word `id`, adding the row when absent. A row past a list's last is appended where
    /// the list stands, not taken out and put back, so a first build touches each list once per row.
    private mutating func setPosting(_ row: RowID, count: UInt32, in id: UInt32) {
        let entry = entries[Int(id)]
        if entry == Self.noRows && row < 1 << 31 {
            entries[Int(id)] = UInt64(row) << 32 | UInt64(count)
            return
        }
        if entry != Self.noRows && entry & Self.listTag != 0 {
            let index = Int(UInt32(truncatingIfNeeded: entry))
            if lists[index].last < row {
                lists[index].append(row, count: count)
                return
            }
        }
        var list = takePostings(id)
        if list.isEmpty || list.last < row {
            list.append(row, count: count)
            store(list, at: id)
        } else {
            store(list, at: id)
            merge(into: id, gained: [(row, count)], lost: [])
        }
    }

    /// The count of `row` under word `id` (0 when it has none).
    /// - Complexity: O(log blocks + blockSize).
    private func count(of row: RowID, in id: UInt32) -> UInt32 {
        var cursor = Postings.Cursor()
        let list = postings(at: id)
        return cursor.seek(atLeast: row, in: list) && cursor.row == row ? cursor.count : 0
    }

    /// Merges the unsorted words into the sorted dictionary.
    private mutating func mergeUnsorted() {
        guard !unsorted.isEmpty else { return }
        let dictionary = self.dictionary
        let fresh = unsorted.sorted { dictionary.precedes($0, $1) }
        var merged: [UInt32] = []
        merged.reserveCapacity(sorted.count + fresh.count)
        var left = 0
        var right = 0
        while left < sorted.count || right < fresh.count {
            if right == fresh.count
                || (left < sorted.count && dictionary.precedes(sorted[left], fresh[right]))
            {
                merged.append(sorted[left])
                left += 1
            } else {
                merged.append(fresh[right])
                right += 1
            }
        }
        sorted = merged
        unsorted.removeAll()
    }

}
