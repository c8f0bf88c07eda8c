import Foundation
import MarfaRules

/// Titles and bodies of real English: Zipf-drawn dictionary words (s = 1.05), with 2 % non-ASCII tokens and 3 %
/// code-ish tokens (identifiers, URLs, numbers, dates), in sentences and paragraphs.
struct TextGenerator: Sendable {
    /// The Zipf exponent of word ranks (benchmarks.md: s ≈ 1.05).
    static let zipfExponent = 1.05
    /// Share of tokens drawn from `ForeignWords`.
    static let foreignShare = 0.02
    /// Share of code-ish tokens.
    static let codeShare = 0.03
    /// Body length is lognormal with this median (words)...
    static let medianBodyWords = 100.0
    /// ...and this 99th percentile (words).
    static let p99BodyWords = 2000.0

    /// The ranked words.
    let vocabulary: Vocabulary
    private let wordRanks: ZipfSampler
    private let foreignRanks: ZipfSampler

    /// Makes a generator over `vocabulary`.
    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
        wordRanks = ZipfSampler(count: vocabulary.words.count, exponent: Self.zipfExponent)
        foreignRanks = ZipfSampler(count: ForeignWords.all.count, exponent: Self.zipfExponent)
    }

    /// One Zipf-drawn dictionary word.
    func word(_ random: inout SplitMixRandom) -> [UInt8] {
        vocabulary.words[wordRanks.rank(&random)]
    }

    /// Appends one token: a dictionary word, a non-ASCII token or a code-ish token.
    func appendToken(to out: inout [UInt8], random: inout SplitMixRandom) {
        let draw = random.unit()
        if draw < Self.foreignShare {
            out.append(contentsOf: ForeignWords.all[foreignRanks.rank(&random)])
        } else if draw < Self.foreignShare + Self.codeShare {
            appendCodeToken(to: &out, random: &random)
        } else {
            out.append(contentsOf: word(&random))
        }
    }

    /// A title of 2–12 tokens.
    func title(_ random: inout SplitMixRandom) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(96)
        for index in 0..<random.int(in: 2...12) {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            appendToken(to: &out, random: &random)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A body length in words: lognormal, median 100 and p99 2,000 (σ = ln 20 / 2.326).
    func bodyWordCount(_ random: inout SplitMixRandom) -> Int {
        let sigma = log(Self.p99BodyWords / Self.medianBodyWords) / 2.326
        let words = exp(log(Self.medianBodyWords) + sigma * random.normal())
        return min(max(Int(words.rounded()), 1), 20_000)
    }

    /// A body of `words` tokens, or at least `minimumBytes` bytes for the huge notes.
    func body(words: Int, minimumBytes: Int = 0, _ random: inout SplitMixRandom) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(max(words * 9, minimumBytes + 64))
        var written = 0
        var sentenceLeft = random.int(in: 5...20)
        var paragraphLeft = random.int(in: 3...7)
        while written < words || out.count < minimumBytes {
            appendToken(to: &out, random: &random)
            written += 1
            sentenceLeft -= 1
            let done = written >= words && out.count >= minimumBytes
            if sentenceLeft == 0 || done {
                out.append(UInt8(ascii: "."))
                sentenceLeft = random.int(in: 5...20)
                paragraphLeft -= 1
                if done { break }
                if paragraphLeft == 0 {
                    out.append(contentsOf: [0x0A, 0x0A])
                    paragraphLeft = random.int(in: 3...7)
                } else {
                    out.append(UInt8(ascii: " "))
                }
            } else {
                out.append(UInt8(ascii: " "))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// One sentence of 5–15 tokens, for event edits that append to a body.
    func sentence(_ random: inout SplitMixRandom) -> String {
        body(words: random.int(in: 5...15), &random)
    }

    private func appendCodeToken(to out: inout [UInt8], random: inout SplitMixRandom) {
        switch random.below(5) {
        case 0:
            out.append(contentsOf: Self.asciiLowercased(word(&random)))
            out.append(contentsOf: Self.asciiCapitalized(word(&random)))
        case 1:
            out.append(contentsOf: Self.asciiLowercased(word(&random)))
            out.append(UInt8(ascii: "_"))
            out.append(contentsOf: Self.asciiLowercased(word(&random)))
        case 2:
            out.append(contentsOf: Array("https://".utf8))
            out.append(contentsOf: Self.asciiLowercased(word(&random)))
            out.append(contentsOf: Array(".example.com/".utf8))
            out.append(contentsOf: Self.asciiLowercased(word(&random)))
            out.append(UInt8(ascii: "/"))
            out.append(contentsOf: Array(String(random.below(100_000)).utf8))
        case 3:
            if random.chance(0.5) {
                out.append(contentsOf: Array(String(random.below(1_000_000)).utf8))
            } else {
                out.append(contentsOf: Array("\(random.below(1000)).\(random.below(100))".utf8))
            }
        default:
            let day = Int64(random.below(16 * 365)) * BenchTime.day + 1_420_070_400_000
            out.append(contentsOf: Array(BenchTime.day(milliseconds: day).utf8))
        }
    }

    private static func asciiLowercased(_ word: [UInt8]) -> [UInt8] {
        word.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    private static func asciiCapitalized(_ word: [UInt8]) -> [UInt8] {
        var bytes = asciiLowercased(word)
        if let first = bytes.first, (0x61...0x7A).contains(first) { bytes[0] = first - 0x20 }
        return bytes
    }
}
