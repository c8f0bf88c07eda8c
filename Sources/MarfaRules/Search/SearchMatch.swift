/// Finding a term in a row's own UTF-8, folding on the fly, with no normal form written: the verification of a
/// candidate. It answers exactly what searching the term's pattern in the text's normal form answers.
///
/// The scan first skips ASCII stretches eight starts a step with `SearchWindowScreen` (a separator before, the
/// first word's first three bytes), then reads the chunk it stops at looking for the term's first two folded
/// bytes (ASCII letters compared without case); a chunk holding a non-ASCII byte is read scalar by scalar
/// instead, since a letter such as `É` folds to an ASCII one, and a term starting with a non-ASCII byte skips
/// ASCII chunks whole. Each hit is then checked in full: a word start before it, the words folded and compared,
/// separators between them, and a word end after a whole last word.
extension SearchText {
    /// A term ready to be found in raw text.
    struct RawTerm: Sendable, Hashable {
        /// The folded words, each at least one byte.
        let words: [[UInt8]]
        /// Whether the last word may end inside a longer word.
        let isPrefix: Bool

        /// Makes a raw term.
        init(words: [[UInt8]], isPrefix: Bool) {
            self.words = words.filter { !$0.isEmpty }
            self.isPrefix = isPrefix
        }
    }

    /// How many times `term` occurs in `utf8`.
    /// - Complexity: O(n) scanning eight bytes per step in ASCII stretches, plus a check per hit.
    static func occurrences(of term: RawTerm, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var found = 0
        forEachOccurrence(of: term, in: utf8) { _ in
            found += 1
            return true
        }
        return found
    }

    /// The byte offset in `utf8` where `term` first occurs (its first word's first scalar), or nil.
    /// - Complexity: as `occurrences(of:in:)`, stopping at the first hit.
    static func firstOccurrence(of term: RawTerm, in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        var first: Int?
        forEachOccurrence(of: term, in: utf8) { offset in
            first = offset
            return false
        }
        return first
    }

    /// Calls `body` with the offset of each occurrence of `term` in `utf8`, in order, while it answers true.
    private static func forEachOccurrence(
        of term: RawTerm, in utf8: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool
    ) {
        guard let first = term.words.first?.first, let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        let lowBits: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let caseBits = lowBits &* 0x20
        let firstPattern = lowBits &* UInt64(first)
        let secondPattern = lowBits &* UInt64(term.words[0].count > 1 ? term.words[0][1] : 0)
        // With no second byte to compare, every byte passes the second test.
        let anySecond: UInt64 = term.words[0].count > 1 ? 0 : highBits
        // An ASCII chunk cannot start a term whose first byte is not ASCII: its hits are always empty.
        let asciiStart: UInt64 = first < 0x80 ? ~0 : 0
        let screen = SearchWindowScreen(term)
        var index = 0
        while index + 9 <= count {
            // Whole windows first: eight ASCII starts a step where none passes the screen's byte tests.
            if index >= 1 { index = screen.skip(from: index, in: raw, count: count) }
            guard index + 9 <= count else { break }
            // Then one chunk of eight bytes: its first two bytes compared, a hit checked in full.
            let chunk = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let next = raw.loadUnaligned(fromByteOffset: index + 1, as: UInt64.self)
            if (chunk | next) & highBits != 0 {
                guard scanScalars(term, first: first, in: utf8, from: index, to: index + 8, body) else { return }
            } else {
                // OR-ing 0x20 makes a capital small (digits stay), so one compare finds both cases; a zero byte of
                // a difference marks a hit (the bit trick may flag extra bytes above a hit, never miss one).
                let firstDifference = (chunk | caseBits) ^ firstPattern
                let secondDifference = (next | caseBits) ^ secondPattern
                var hits = (firstDifference &- lowBits) & ~firstDifference & highBits & asciiStart
                    & ((secondDifference &- lowBits) & ~secondDifference & highBits | anySecond)
                while hits != 0 {
                    let offset = index + hits.trailingZeroBitCount >> 3
                    if matches(term, in: utf8, at: offset) && !body(offset) { return }
                    hits &= hits &- 1
                }
            }
            index += 8
        }
        _ = scanScalars(term, first: first, in: utf8, from: index, to: count, body)
    }

    /// Checks every scalar starting in `start..<end` that folds to a piece beginning with `first`, calling `body`
    /// with each hit; answers false when `body` asked to stop.
    private static func scanScalars(
        _ term: RawTerm, first: UInt8, in utf8: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        _ body: (Int) -> Bool
    ) -> Bool {
        let table = asciiWordBytes
        var index = start
        while index < end {
            let byte = utf8[index]
            let candidate: Bool
            if byte < 0x80 {
                candidate = table[Int(byte)] == first
            } else if byte >= 0xC0 {
                let entry = scalarEntry(in: utf8, at: index).entry
                candidate = entry != SearchFold.separatorEntry && entry != SearchFold.markEntry
                    && firstFoldedByte(entry) == first
            } else {
                candidate = false
            }
            if candidate && matches(term, in: utf8, at: index) && !body(index) { return false }
            index += 1
        }
        return true
    }

    /// The fold-table entry and byte length of the scalar starting at `index`.
    @inline(__always)
    static func scalarEntry(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (entry: UInt32, length: Int) {
        let lead = utf8[index]
        if lead < 0x80 { return (asciiEntries[Int(lead)], 1) }
        var value: UInt32
        let length: Int
        if lead < 0xE0 {
            value = UInt32(lead & 0x1F)
            length = 2
        } else if lead < 0xF0 {
            value = UInt32(lead & 0x0F)
            length = 3
        } else {
            value = UInt32(lead & 0x07)
            length = 4
        }
        let end = min(index + length, utf8.count)
        for next in (index + 1)..<end {
            value = value << 6 | UInt32(utf8[next] & 0x3F)
        }
        return (SearchFold.entry(value), end - index)
    }

    /// The first UTF-8 byte a word entry folds to (0 for an empty expansion), without spelling the rest.
    @inline(__always)
    static func firstFoldedByte(_ entry: UInt32) -> UInt8 {
        var value = entry
        if entry >= 0x80 && entry & SearchFold.expansionFlag != 0 {
            guard let first = SearchFold.shared.expansions[Int(entry & ~SearchFold.expansionFlag)].first else { return 0 }
            value = first.value
        }
        switch value {
        case ..<0x80: return UInt8(value)
        case ..<0x800: return UInt8(0xC0 | value >> 6)
        case ..<0x1_0000: return UInt8(0xE0 | value >> 12)
        default: return UInt8(0xF0 | value >> 18)
        }
    }

    /// The UTF-8 bytes a word entry folds to.
    static func foldedBytes(_ entry: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        appendWord(entry, to: &bytes)
        return bytes
    }

    /// Whether the scalar before `index` (marks skipped) is a word scalar: then `index` is not a word start.
    private static func followsWord(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index
        while position > 0 {
            var start = position - 1
            while start > 0 && utf8[start] & 0xC0 == 0x80 { start -= 1 }
            let entry = scalarEntry(in: utf8, at: start).entry
            if entry == SearchFold.markEntry {
                position = start
                continue
            }
            return entry != SearchFold.separatorEntry
        }
        return false
    }

    /// Whether the scalar at `index` or after (marks skipped) is a word scalar.
    private static func precedesWord(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var position = index
        while position < utf8.count {
            let (entry, length) = scalarEntry(in: utf8, at: position)
            if entry == SearchFold.markEntry {
                position += length
                continue
            }
            return entry != SearchFold.separatorEntry
        }
        return false
    }

    /// Whether `term` occurs starting at `index`, a scalar boundary.
    static func matches(_ term: RawTerm, in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        if followsWord(in: utf8, at: index) { return false }
        let table = asciiWordBytes
        var position = index
        for (wordIndex, word) in term.words.enumerated() {
            let isLast = wordIndex == term.words.count - 1
            if wordIndex > 0 {
                // At least one separator, marks aside, before the next word.
                var separated = false
                while position < utf8.count {
                    let (entry, length) = scalarEntry(in: utf8, at: position)
                    if entry == SearchFold.separatorEntry {
                        separated = true
                    } else if entry != SearchFold.markEntry {
                        break
                    }
                    position += length
                }
                if !separated { return false }
            }
            var matched = 0
            while matched < word.count {
                guard position < utf8.count else { return false }
                let byte = utf8[position]
                if byte < 0x80 {
                    guard table[Int(byte)] == word[matched] else { return false }
                    matched += 1
                    position += 1
                    continue
                }
                let (entry, length) = scalarEntry(in: utf8, at: position)
                position += length
                if entry == SearchFold.markEntry { continue }
                if entry == SearchFold.separatorEntry { return false }
                let folded = foldedBytes(entry)
                let overlap = min(folded.count, word.count - matched)
                guard folded[0..<overlap].elementsEqual(word[matched..<(matched + overlap)]) else { return false }
                matched += overlap
                // A folded scalar running past the word's end fits only the end of a prefix.
                if overlap < folded.count { return isLast && term.isPrefix }
            }
            if !(isLast && term.isPrefix) && precedesWord(in: utf8, at: position) { return false }
        }
        return true
    }
}
