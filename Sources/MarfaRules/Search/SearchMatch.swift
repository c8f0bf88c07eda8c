/// Finding a term in a row's own UTF-8, folding on the fly, with no normal form written: the verification of a
/// candidate. It answers exactly what searching the term's pattern in the text's normal form answers.
///
/// The scan reads sixteen starts a step through `SearchWindowScreen` (in ASCII text: a separator before, the first
/// word's first three bytes, a separator after a short first word; near a non-ASCII byte, which may fold to an
/// ASCII letter as `É` does, only a start's own ASCII byte is tested). Each start it lets through is checked in
/// full: a scalar folding to the first byte, a word start before it, the words folded and compared, separators
/// between them, and a word end after a whole last word.
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
        let screen = SearchWindowScreen(term)
        // The first start has no byte before it for the screen to read: it is checked alone.
        guard count > 0, !isStart(term, first: first, in: utf8, at: 0) || body(0) else { return }
        var index = 1
        while index + SearchWindowScreen.reach <= count {
            // Sixteen starts a step; each the screen lets through is checked in full.
            var starts = screen.starts(at: index, in: raw)
            while starts != 0 {
                let offset = index + starts.trailingZeroBitCount
                if isStart(term, first: first, in: utf8, at: offset) && !body(offset) { return }
                starts &= starts &- 1
            }
            index += SearchWindowScreen.width
        }
        while index < count {
            if isStart(term, first: first, in: utf8, at: index) && !body(index) { return }
            index += 1
        }
    }

    /// Whether `term` occurs starting at byte `index`: a scalar there folding to a piece that begins with `first`,
    /// then the whole term checked.
    @inline(__always)
    private static func isStart(_ term: RawTerm, first: UInt8, in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = utf8[index]
        if byte < 0x80 {
            guard asciiWordBytes[Int(byte)] == first else { return false }
        } else if byte >= 0xC0 {
            let entry = scalarEntry(in: utf8, at: index).entry
            guard entry != SearchFold.separatorEntry && entry != SearchFold.markEntry && firstFoldedByte(entry) == first
            else { return false }
        } else {
            return false
        }
        return matches(term, in: utf8, at: index)
    }

    /// The fold-table entry and byte length of the scalar starting at `index`.
    @inline(__always)
    static func scalarEntry(in utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (entry: UInt32, length: Int) {
        let lead = utf8[index]
        if lead < 0x80 { return (SearchFold.asciiEntry(lead), 1) }
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
