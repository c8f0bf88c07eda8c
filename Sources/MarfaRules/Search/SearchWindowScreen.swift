/// A screen over ASCII text, eight starts a step, that rules out every start of a term at once: the byte before a
/// start must be a separator and the first three bytes must fold to the first word's first three. It may pass a
/// window holding no start, never rejects one holding a start, and stops at every window with a non-ASCII byte,
/// which the exact scan reads.
struct SearchWindowScreen {
    /// The starts a window covers: offsets 0..<8 from its index.
    static let width = 8
    /// How many bytes from a window's index the screen reads (three from its last start).
    static let reach = width + 2

    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Byte 0, 1 and 2 of the first word, spread over every lane (0 past its end).
    private let patterns: (UInt64, UInt64, UInt64)
    /// Per byte 0, 1 and 2, every lane's high bit when the word is shorter (anything passes), else 0.
    private let free: (UInt64, UInt64, UInt64)

    /// The screen of `term`. A first word holding a byte above 0x7F among its first three never starts in ASCII
    /// text: no ASCII byte equals it, so every ASCII window is ruled out.
    init(_ term: SearchText.RawTerm) {
        let word = term.words.first ?? []
        func pattern(_ position: Int) -> UInt64 { position < word.count ? Self.lowBits &* UInt64(word[position]) : 0 }
        func beyond(_ position: Int) -> UInt64 { position < word.count ? 0 : Self.highBits }
        patterns = (pattern(0), pattern(1), pattern(2))
        free = (beyond(0), beyond(1), beyond(2))
    }

    /// The first index from `start`, in steps of `width`, whose window the screen cannot rule out (a possible start,
    /// or a non-ASCII byte from `index - 1` to `index + reach`), or the first past `count - reach`.
    /// - Requires: `start >= 1`.
    /// - Complexity: O(bytes skipped / 8).
    func skip(from start: Int, in raw: UnsafeRawPointer, count: Int) -> Int {
        let (pattern0, pattern1, pattern2) = patterns
        let (free0, free1, free2) = free
        let low = Self.lowBits
        let high = Self.highBits
        let caseBits = low &* 0x20
        var index = start
        while index &+ Self.reach <= count {
            let before = raw.loadUnaligned(fromByteOffset: index &- 1, as: UInt64.self)
            let at0 = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let at1 = raw.loadUnaligned(fromByteOffset: index &+ 1, as: UInt64.self)
            let at2 = raw.loadUnaligned(fromByteOffset: index &+ 2, as: UInt64.self)
            if (before | at2) & high != 0 { return index }
            // A lane equal to the pattern has a zero difference, found without carries between lanes.
            // OR-ing 0x20 lowercases a capital and maps a few control bytes onto digits, which only passes more.
            let difference0 = (at0 | caseBits) ^ pattern0
            let difference1 = (at1 | caseBits) ^ pattern1
            let difference2 = (at2 | caseBits) ^ pattern2
            let seven = low &* 0x7F
            let equal0 = ~(((difference0 & seven) &+ seven) | difference0) | free0
            let equal1 = ~(((difference1 & seven) &+ seven) | difference1) | free1
            let equal2 = ~(((difference2 & seven) &+ seven) | difference2) | free2
            // The byte before: not [A-Za-z0-9].
            let lower = before | caseBits
            let letter = (lower &+ low &* 0x1F) & ~(lower &+ low &* 0x05)
            let digit = (before &+ low &* 0x50) & ~(before &+ low &* 0x46)
            if ~(letter | digit) & equal0 & equal1 & equal2 & high != 0 { return index }
            index &+= Self.width
        }
        return index
    }
}
