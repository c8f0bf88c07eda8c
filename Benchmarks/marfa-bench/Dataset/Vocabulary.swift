import Foundation
import MarfaRules

/// The ranked English vocabulary: every word of `/usr/share/dict/words` (Debian `wamerican`) without possessives,
/// in a fixed shuffle, so rank 0 is the most frequent word of the Zipf law.
struct Vocabulary: Sendable {
    /// Where Debian's `wamerican` puts its word list.
    static let defaultPath = "/usr/share/dict/words"
    /// The shuffle is fixed (not the dataset seed), so word ranks are the same in every run and every size.
    static let shuffleSeed: UInt64 = 0x776F_7264_7261_6E6B

    /// The words' UTF-8 bytes in rank order.
    let words: [[UInt8]]
    /// A hash of the ranked list, so a changed word list shows in the dataset checksum.
    let checksum: UInt64

    /// Reads and ranks the word list; a missing file throws with the package to install.
    init(path: String = Vocabulary.defaultPath) throws(BenchError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchError("\(path) is missing: install Debian's wamerican (apt-get install wamerican)")
        }
        var seen = Set<[UInt8]>()
        var words: [[UInt8]] = []
        for line in data.split(separator: 0x0A) {
            let word = Array(line)
            guard !word.isEmpty, !word.contains(UInt8(ascii: "'")), !word.contains(0x0D) else { continue }
            if seen.insert(word).inserted { words.append(word) }
        }
        guard words.count >= 1000 else { throw BenchError("\(path) holds only \(words.count) usable words") }
        var random = SplitMixRandom(seed: Self.shuffleSeed)
        for index in stride(from: words.count - 1, to: 0, by: -1) {
            words.swapAt(index, random.below(index + 1))
        }
        var hash = FNV1a()
        for word in words { hash.add(word) }
        self.words = words
        self.checksum = hash.value
    }
}
