/// Which words of its rows an index files: all of them, or one of two halves of the words by hash, so two threads
/// can file the same rows into two indexes whose dictionaries hold no word in common (`WordIndexBuild`).
enum WordShare: Equatable, Sendable {
    /// Every word.
    case all
    /// The words whose hash has `highBit` as its highest bit (0 or 1).
    case half(highBit: UInt64)

    /// Whether the word hashed `hash` (`WordDictionary.hash`, 32 bits) is in this share. The low bits, which
    /// place a word in its dictionary's table, stay spread within each half.
    @inline(__always)
    func holds(hash: UInt64) -> Bool {
        switch self {
        case .all: true
        case .half(let highBit): hash >> 31 & 1 == highBit
        }
    }
}
