/// A Bloom filter of the adjacent word pairs of one long row (word ids in reading order, across its fields): a
/// phrase whose pairs it does not all hold is not in the row, so the row's text need not be read. It may hold a
/// pair the row lacks, never lacks one the row holds. Only rows of at least `minimumLength` words get one: phrase
/// candidates are mostly long rows, and their text is what verification would scan.
package struct WordPairFilter: Sendable {
    /// The fewest words a row needs for a filter (shorter rows are cheap to scan).
    static let minimumLength = 2048
    /// Bits per word of the row (each word starts at most one pair): about 5.6 % false positives with four probes.
    static let bitsPerWord = 6
    /// Bits set and tested per pair.
    static let probes = 4

    private var bits: [UInt64]

    /// The filter of a row whose words, in order, have `sequence` as ids; nil for a row shorter than
    /// `minimumLength`.
    /// - Complexity: O(sequence.count).
    init?(_ sequence: [UInt32]) {
        guard sequence.count >= Self.minimumLength else { return nil }
        bits = [UInt64](repeating: 0, count: (sequence.count * Self.bitsPerWord + 63) / 64)
        let size = UInt64(bits.count * 64)
        bits.withUnsafeMutableBufferPointer { bits in
            for (first, second) in zip(sequence, sequence.dropFirst()) {
                Self.forEachBit(of: first, second, size: size) { bits[$0 >> 6] |= 1 << UInt64($0 & 63) }
            }
        }
    }

    /// Whether the row may hold `first` followed by `second`: false only when it surely does not.
    /// - Complexity: O(probes).
    func mayHold(_ first: UInt32, _ second: UInt32) -> Bool {
        var held = true
        Self.forEachBit(of: first, second, size: UInt64(bits.count * 64)) { bit in
            held = held && bits[bit >> 6] & 1 << UInt64(bit & 63) != 0
        }
        return held
    }

    /// The heap bytes the filter holds.
    var byteCount: Int { bits.capacity * 8 }

    /// Writes the filter as a stored word index holds it (Decision 0071).
    func writeImage(into writer: inout WordIndexImageWriter) throws {
        try writer.write(bits)
    }

    /// The filter `writeImage` wrote.
    init(image reader: inout WordIndexImageReader) throws {
        bits = try reader.readArray(UInt64.self)
        try IndexCorruption.check(!bits.isEmpty, "stored word index: an empty pair filter")
    }

    /// Calls `body` with each of the pair's `probes` bit positions below `size` (double hashing of one 64-bit
    /// mix of the two ids).
    @inline(__always)
    private static func forEachBit(of first: UInt32, _ second: UInt32, size: UInt64, _ body: (Int) -> Void) {
        var mix = (UInt64(first) << 32 | UInt64(second)) &* 0x9E37_79B9_7F4A_7C15
        mix ^= mix >> 29
        mix = mix &* 0xBF58_476D_1CE4_E5B9
        mix ^= mix >> 32
        let step = mix >> 32 | 1
        var hash = mix & 0xFFFF_FFFF
        for _ in 0..<probes {
            body(Int(((hash & 0xFFFF_FFFF) &* size) >> 32))
            hash &+= step
        }
    }
}
