/// A row's words in order, each written as its rank among the row's distinct word ids plus one, with 0 between
/// fields: the positional side table a term of several words is counted in, so no candidate's text is read (P-76).
///
/// Two layouts, told apart by the first byte. A row of fewer than 255 distinct words (most rows) is its entries,
/// one byte each after a first byte of 1. A longer row is kept inverted (first byte 0, see `encodePositions`): for
/// each of its words the positions it stands at, so a phrase in a 100 KB note costs its words' occurrences rather
/// than a scan of the note, in fewer bytes than two a word.
enum WordSequence {
    /// The entry that ends a field.
    static let fieldEnd: UInt32 = 0
    /// The fewest distinct words a row is kept inverted for.
    static let invertedDistinct = 0xFF

    /// The layout of a row whose `entries` (ranks plus one into `ids`, `fieldEnd` between fields) spell its
    /// words, `ids` being its distinct word ids, ascending.
    /// - Complexity: O(entries).
    static func encode(_ entries: [UInt32], ids: [UInt32]) -> [UInt8] {
        if ids.count >= invertedDistinct { return encodePositions(entries, ids: ids) }
        return [1] + entries.map { UInt8(truncatingIfNeeded: $0) }
    }

    /// The entries of a row's layout, in order, given the row's record (for invariant checks).
    /// - Complexity: O(entries).
    static func decode(_ sequence: [UInt8], record: [UInt8]) -> [UInt32] {
        guard let first = sequence.first else { return [] }
        return first == 0 ? decodePositions(sequence, record: record) : sequence.dropFirst().map(UInt32.init)
    }

    /// How many times, within one field of a row in the short layout, `words` entries stand adjacent and in order such that the entry at offset
    /// `j` has bit `j` set in its masks (every start counted, overlaps included, as the text matcher counts).
    /// `masks` holds `lanes` 64-bit words per entry value (`fieldEnd` included, all clear), bit `j` of word `j / 64`.
    /// - Complexity: O(entries × words), one mask test a step while the first word does not match.
    static func count(
        words: Int, masks: UnsafeMutableBufferPointer<UInt64>, lanes: Int, in sequence: [UInt8]
    ) -> Int {
        guard sequence.first == 1, words > 0 else { return 0 }
        let length = sequence.count - 1
        guard length >= words else { return 0 }
        return sequence.withUnsafeBufferPointer { bytes in
            @inline(__always) func entry(_ position: Int) -> Int { Int(bytes[1 + position]) }
            var found = 0
            for start in 0...(length - words) where masks[entry(start) * lanes] & 1 != 0 {
                var matched = true
                for next in 1..<words where masks[entry(start + next) * lanes + next >> 6] >> (next & 63) & 1 == 0 {
                    matched = false
                    break
                }
                if matched { found += 1 }
            }
            return found
        }
    }
}
