/// The text rules search and the filter grammar's `contains` share on the copy and on the reference instance:
/// folding, words, the normal form the word index's words are taken from, and the matching over it.
///
/// The *normal form* of a text is its folded words, each pair joined by one space, with one space before the
/// first word and one after the last (`"Hello, Wörld!"` → `" hello world "`); a text with no word has an empty
/// normal form. A word query, a last-word prefix and a phrase each become one byte pattern over it (see
/// `SearchQuery.Term.pattern`), so matching is a substring search.
package enum SearchText {
    /// The byte that separates words in the normal form.
    package static let space: UInt8 = 0x20

    /// `text` with letters lowercased and diacritics removed, every other character left as it is
    /// (`"Crème BRÛLÉE, ß"` → `"creme brulee, ss"`).
    ///
    /// Each scalar folds on its own: lowercase by Unicode's full mapping, combining marks dropped (so precomposed
    /// and decomposed spellings fold alike), and a few search spellings (`ß` → `ss`, `ı` and `İ` → `i`, `ø` →
    /// `o`, `ł` → `l`, ligatures split). Scripts without case, such as CJK, pass through.
    /// - Complexity: O(n) in the UTF-8 length; ASCII text with no capital letter is returned without copying.
    package static func fold(_ text: String) -> String {
        var text = text
        return text.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 >= 0x80 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
                return nil
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count)
            forEachScalar(in: utf8) { start, end, entry in
                switch entry {
                case SearchFold.separatorEntry: bytes.append(contentsOf: utf8[start..<end])
                case SearchFold.markEntry: break
                default: appendWord(entry, to: &bytes)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        } ?? text
    }

    /// The folded words of `text`, in order: runs of letters, digits, spacing marks and private-use characters,
    /// split at everything else (`"e-mail to ÉMILE"` → `["e", "mail", "to", "emile"]`).
    /// - Complexity: O(n) in the UTF-8 length.
    package static func words(_ text: String) -> [String] {
        normalize(text).split(separator: space).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The normal form of `text`, as UTF-8 bytes.
    /// - Complexity: O(n) in the UTF-8 length.
    package static func normalize(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        normalize(text, into: &bytes)
        return bytes
    }

    /// Replaces `bytes` with the normal form of `text`, reusing its storage (for loops over many rows).
    /// - Complexity: O(n) in the UTF-8 length.
    package static func normalize(_ text: String, into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        var text = text
        text.withUTF8 { normalize($0, padded: true, into: &bytes) }
    }

    /// The operand of a `contains` or `starts_with` condition in the normal form's spelling, for its candidates:
    /// folded words joined by one space, with a space at either end only where the operand itself begins or ends
    /// with a separator; empty when it holds no word. Every text containing the operand (ASCII case aside) has a
    /// normal form containing this.
    /// - Complexity: O(n) in the UTF-8 length.
    package static func normalizedOperand(_ operand: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var operand = operand
        operand.withUTF8 { normalize($0, padded: false, into: &bytes) }
        return bytes
    }

    /// How many times `pattern` occurs in the normal form `haystack`, overlapping occurrences included (so `" a "`
    /// occurs twice in `" a a "`); an empty pattern occurs nowhere. This is what search matching means; the
    /// verification of candidates (`SearchQuery.frequencies(in:)`) answers the same from the raw text.
    /// - Complexity: O(n·m) worst case, O(n) on text (the scan anchors on the pattern's second byte).
    package static func occurrences(of pattern: [UInt8], in haystack: [UInt8]) -> Int {
        var found = 0
        forEachOffset(of: pattern, in: haystack) { _ in found += 1 }
        return found
    }

    /// The filter grammar's `contains`: whether `text` holds `operand`, comparing ASCII letters without case and
    /// every other character exactly (SQLite's `LIKE` with `%`, `_` and `\` escaped). An empty operand matches.
    /// - Complexity: O(n·m) worst case, O(n) on text.
    package static func containsIgnoringASCIICase(_ text: String, _ operand: String) -> Bool {
        var text = text
        var operand = operand
        return text.withUTF8 { haystack in
            operand.withUTF8 { needle in firstIndexIgnoringASCIICase(of: needle, in: haystack) != nil }
        }
    }

    /// The filter grammar's `starts_with`: whether `text` begins with `operand`, comparing ASCII letters without
    /// case and every other character exactly.
    /// - Complexity: O(m).
    package static func hasPrefixIgnoringASCIICase(_ text: String, _ operand: String) -> Bool {
        var text = text
        var operand = operand
        return text.withUTF8 { haystack in
            operand.withUTF8 { needle in
                needle.count <= haystack.count && equalIgnoringASCIICase(haystack, at: 0, needle)
            }
        }
    }

    // MARK: - Shared machinery

    /// Calls `body` with the byte range and fold-table entry of each scalar of valid UTF-8, in order.
    /// - Complexity: O(n); ASCII bytes take no table lookup.
    @inline(__always)
    static func forEachScalar(
        in utf8: UnsafeBufferPointer<UInt8>, _ body: (_ start: Int, _ end: Int, _ entry: UInt32) -> Void
    ) {
        var index = 0
        while index < utf8.count {
            let (entry, length) = scalarEntry(in: utf8, at: index)
            body(index, index + length, entry)
            index += length
        }
    }

    /// Appends the UTF-8 spelling of a word entry (a folded scalar or an expansion) to `bytes`.
    @inline(__always)
    static func appendWord(_ entry: UInt32, to bytes: inout [UInt8]) {
        if entry < 0x80 {
            bytes.append(UInt8(entry))
        } else if entry & SearchFold.expansionFlag != 0 {
            for scalar in SearchFold.shared.expansions[Int(entry & ~SearchFold.expansionFlag)] {
                appendScalar(scalar.value, to: &bytes)
            }
        } else {
            appendScalar(entry, to: &bytes)
        }
    }

    /// Appends the UTF-8 encoding of a scalar value to `bytes`.
    @inline(__always)
    static func appendScalar(_ value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case ..<0x80:
            bytes.append(UInt8(value))
        case ..<0x800:
            bytes.append(UInt8(0xC0 | value >> 6))
            bytes.append(UInt8(0x80 | value & 0x3F))
        case ..<0x1_0000:
            bytes.append(UInt8(0xE0 | value >> 12))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        default:
            bytes.append(UInt8(0xF0 | value >> 18))
            bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
            bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
            bytes.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Writes the normal form of `utf8` into `bytes` (appending). Padded, it is a text's normal form; unpadded,
    /// an operand's, spaced at an end only where a separator stands there.
    static func normalize(_ utf8: UnsafeBufferPointer<UInt8>, padded: Bool, into bytes: inout [UInt8]) {
        if isASCII(utf8) {
            normalizeASCII(utf8, padded: padded, into: &bytes)
        } else {
            normalizeScalars(utf8, padded: padded, into: &bytes)
        }
    }

    /// `normalize(_:padded:into:)` for any text: runs of ASCII bytes as `appendASCII` writes them, every other
    /// scalar through the fold table.
    static func normalizeScalars(_ utf8: UnsafeBufferPointer<UInt8>, padded: Bool, into bytes: inout [UInt8]) {
        var state = NormalFormState(padded: padded)
        var index = 0
        while index < utf8.count {
            if utf8[index] < 0x80 {
                let end = asciiRunEnd(utf8, from: index)
                appendASCII(UnsafeBufferPointer(rebasing: utf8[index..<end]), state: &state, into: &bytes)
                index = end
                continue
            }
            let (entry, length) = scalarEntry(in: utf8, at: index)
            index += length
            switch entry {
            case SearchFold.separatorEntry:
                state.separator()
            case SearchFold.markEntry:
                break
            default:
                if state.wordPiece() { bytes.append(space) }
                appendWord(entry, to: &bytes)
            }
        }
        if state.endsWithSpace { bytes.append(space) }
    }

    /// Calls `body` with the offset of each occurrence of `needle` in `haystack`, overlaps included, in order.
    static func forEachOffset(of needle: [UInt8], in haystack: [UInt8], _ body: (Int) -> Void) {
        let length = needle.count
        guard length > 0, length <= haystack.count else { return }
        // Anchor on the second byte: the first is the space every word pattern starts with.
        let anchor = length > 1 ? 1 : 0
        for index in 0...(haystack.count - length)
        where haystack[index + anchor] == needle[anchor] && haystack[index] == needle[0]
            && haystack[index..<(index + length)].elementsEqual(needle) {
            body(index)
        }
    }

    /// The first byte offset where `needle` occurs in `haystack`, ASCII letters compared without case.
    static func firstIndexIgnoringASCIICase(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        guard let first = needle.first else { return 0 }
        let lowerFirst = asciiLower(first)
        for index in 0...(haystack.count - needle.count)
        where asciiLower(haystack[index]) == lowerFirst && equalIgnoringASCIICase(haystack, at: index, needle) {
            return index
        }
        return nil
    }

    /// Whether `haystack` holds `needle` at `offset`, ASCII letters compared without case.
    @inline(__always)
    static func equalIgnoringASCIICase(
        _ haystack: UnsafeBufferPointer<UInt8>, at offset: Int, _ needle: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        for index in 0..<needle.count where asciiLower(haystack[offset + index]) != asciiLower(needle[index]) {
            return false
        }
        return true
    }

    /// An ASCII capital's lowercase byte; every other byte unchanged.
    @inline(__always)
    static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
