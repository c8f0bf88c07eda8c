/// A screen over text, sixteen starts a step in 16-byte vectors, that rules out the starts of a term which cannot
/// hold one: where the text around a start is ASCII, the byte before it must be a separator, bytes 0–2 must fold to
/// the first word's first three, and a first word of at most three bytes must be followed by a separator (the byte
/// after it must not be `[A-Za-z0-9]`). A start whose own byte is ASCII must fold to the first word's first byte.
/// Every other start near a non-ASCII byte passes, for the exact check to read. It may pass a start that is none,
/// never rules out one that is.
struct SearchWindowScreen {
    /// The starts a window covers: offsets 0..<16 from its index.
    static let width = 16
    /// How many bytes from a window's index the screen reads (four from its last start).
    static let reach = width + 3

    private typealias Bytes = SIMD16<UInt8>
    private typealias Mask = SIMDMask<SIMD16<Int8>>

    /// Byte 0, 1 and 2 of the first word, in every lane (0 past its end).
    private let patterns: (Bytes, Bytes, Bytes)
    /// Per byte 0, 1 and 2, every lane set when the word is shorter (anything passes), else none.
    private let free: (Mask, Mask, Mask)
    /// Where the byte after a first word of at most three bytes lies (3 for a longer word or a prefix).
    private let endOffset: Int
    /// Every lane set when the byte at `endOffset` must not be a word byte, none when anything passes there.
    private let endTested: Mask

    /// The screen of `term`. A first word holding a byte above 0x7F among its first three never starts in ASCII
    /// text: no ASCII byte ORed with 0x20 equals it, so every ASCII start is ruled out.
    init(_ term: SearchText.RawTerm) {
        let word = term.words.first ?? []
        func pattern(_ position: Int) -> Bytes { Bytes(repeating: position < word.count ? word[position] : 0) }
        func beyond(_ position: Int) -> Mask { Mask(repeating: position >= word.count) }
        patterns = (pattern(0), pattern(1), pattern(2))
        free = (beyond(0), beyond(1), beyond(2))
        // The first word is whole unless it is a one-word term's prefix.
        let whole = term.words.count > 1 || !term.isPrefix
        endOffset = min(word.count, 3)
        endTested = Mask(repeating: whole && word.count <= 3)
    }

    /// The window at `index`, one bit per start (bit `n` for `index + n`) the screen cannot rule out.
    /// - Requires: `index >= 1` and `index + reach <= count` of the text at `raw`.
    /// - Complexity: O(1): five 16-byte loads and compares.
    @inline(__always)
    func starts(at index: Int, in raw: UnsafeRawPointer) -> UInt32 {
        let caseBit = Bytes(repeating: 0x20)
        let at0 = raw.loadUnaligned(fromByteOffset: index, as: Bytes.self)
        let at1 = raw.loadUnaligned(fromByteOffset: index &+ 1, as: Bytes.self)
        // OR-ing 0x20 lowercases a capital and maps a few control bytes onto digits, which only passes more.
        let first = (at0 | caseBit) .== patterns.0 .| Self.nonASCII(at0)
        let pair = first .& ((at1 | caseBit) .== patterns.1 .| free.1 .| Self.nonASCII(at1))
        if Self.bits(pair) == 0 { return 0 }
        let before = raw.loadUnaligned(fromByteOffset: index &- 1, as: Bytes.self)
        let at2 = raw.loadUnaligned(fromByteOffset: index &+ 2, as: Bytes.self)
        let atEnd = raw.loadUnaligned(fromByteOffset: index &+ endOffset, as: Bytes.self)
        let third = (at2 | caseBit) .== patterns.2 .| free.2
        let end = Self.isSeparator(atEnd) .| .!endTested
        let ascii = first .& third .& end .& Self.isSeparator(before)
        let nearNonASCII = Self.nonASCII(before | at0 | at1 | at2 | atEnd)
        return Self.bits(pair .& (ascii .| nearNonASCII))
    }

    /// The lanes whose byte is above 0x7F.
    @inline(__always)
    private static func nonASCII(_ bytes: Bytes) -> Mask {
        unsafeBitCast(bytes, to: SIMD16<Int8>.self) .< SIMD16<Int8>(repeating: 0)
    }

    /// The lanes whose ASCII byte is not `[A-Za-z0-9]` (lanes above 0x7F answer anything).
    @inline(__always)
    private static func isSeparator(_ bytes: Bytes) -> Mask {
        let letter = ((bytes | Bytes(repeating: 0x20)) &- Bytes(repeating: 0x61)) .< Bytes(repeating: 26)
        let digit = (bytes &- Bytes(repeating: 0x30)) .< Bytes(repeating: 10)
        return .!(letter .| digit)
    }

    /// One bit per lane of `mask`, lane 0 the lowest.
    @inline(__always)
    private static func bits(_ mask: Mask) -> UInt32 {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        return UInt32(truncatingIfNeeded: gather(halves[0]) | gather(halves[1]) << 8)
    }

    /// The high bit of each of the eight bytes of `lanes` (each 0 or 0xFF), as eight bits, byte 0 the lowest.
    @inline(__always)
    private static func gather(_ lanes: UInt64) -> UInt64 {
        ((lanes & 0x8080_8080_8080_8080) &* 0x0002_0408_1020_4081) >> 56
    }
}
