import MarfaEngine
import MarfaRules

/// The 200 search queries of benchmarks.md, stratified by hit rate into four bands of 50 and by length
/// (3, 4, 5, 8 and 15 characters, 10 each per band when the data allows), with two-word queries, last-word
/// prefixes, quoted phrases, non-ASCII queries and 1–2 character queries among them. Under the gated word
/// semantics a query's last word is a prefix, so one-word queries are a word or its first characters.
///
/// Candidates are drawn from word ranks aimed at each band, estimated on a prefix of the corpus, then counted
/// exactly on the whole corpus; a query's band is always its exact hit rate over all items.
struct SearchQuerySet {
    /// The query lengths.
    static let lengths = [3, 4, 5, 8, 15]
    /// Queries per band and length.
    static let perSlot = 10
    /// Candidates tried per slot before giving up on it.
    static let attemptsPerSlot = 80

    private let corpus: SearchCorpus
    private let sample: SearchCorpus
    private let dataset: BenchDataset
    private let total: Int
    private var random: SplitMixRandom
    private var chosen: [BenchSearchQuery] = []
    private var seen = Set<String>()
    private var wordsByLength: [Int: [Int]] = [:]

    /// Builds the set over `corpus` (the dataset's searchable items).
    static func make(corpus: SearchCorpus, dataset: BenchDataset) -> [BenchSearchQuery] {
        var builder = SearchQuerySet(corpus: corpus, dataset: dataset)
        builder.build()
        return builder.chosen
    }

    /// At most `perBand` of each band's queries, taken at even steps through the band in the order they were
    /// chosen (slot by slot, so length by length), keeping the order of `queries`: a short run still spans lengths.
    static func spread(_ queries: [BenchSearchQuery], perBand: Int) -> [BenchSearchQuery] {
        var kept = Set<String>()
        for band in BenchSearchQuery.Band.allCases {
            let members = queries.filter { $0.band == band }
            let step = max(1, (members.count + perBand - 1) / perBand)
            for (offset, query) in members.enumerated() where offset % step == 0 { kept.insert(query.text) }
        }
        return queries.filter { kept.contains($0.text) }
    }

    private init(corpus: SearchCorpus, dataset: BenchDataset) {
        self.corpus = corpus
        self.sample = corpus.prefix(3000)
        self.dataset = dataset
        total = dataset.items.count
        random = SplitMixRandom(seed: dataset.seed ^ 0x4444_4444_4444_4444)
        for (rank, word) in dataset.factory.text.vocabulary.words.enumerated()
        where word.allSatisfy({ (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) }) {
            wordsByLength[word.count, default: []].append(rank)
        }
    }

    private mutating func build() {
        for text in ["ly", "x", "qu"] { _ = offer(text, kind: .short, want: nil, slotLimit: Self.perSlot) }
        for band in BenchSearchQuery.Band.allCases {
            for length in Self.lengths {
                var attempts = 0
                while count(band, length) < Self.perSlot && attempts < Self.attemptsPerSlot {
                    attempts += 1
                    guard let (text, kind) = candidate(band: band, length: length, attempt: attempts) else { continue }
                    _ = offer(text, kind: kind, want: (band, length), slotLimit: Self.perSlot)
                }
            }
            // A band whose short lengths the data cannot fill is topped up with longer queries.
            var attempts = 0
            let target = Self.perSlot * Self.lengths.count
            while chosen.filter({ $0.band == band && $0.kind != .short }).count < target
                && attempts < Self.attemptsPerSlot * 2
            {
                attempts += 1
                let length = [8, 15, 5][attempts % 3]
                guard let (text, kind) = candidate(band: band, length: length, attempt: attempts) else { continue }
                _ = offer(text, kind: kind, want: (band, length), slotLimit: Self.perSlot * 2)
            }
        }
    }

    private func count(_ band: BenchSearchQuery.Band, _ length: Int) -> Int {
        chosen.filter { $0.band == band && $0.length == length }.count
    }

    /// Estimates, then counts exactly; keeps the query when its band and length slot is open.
    private mutating func offer(
        _ text: String, kind: BenchSearchQuery.Kind, want: (BenchSearchQuery.Band, Int)?, slotLimit: Int
    ) -> Bool {
        guard !text.isEmpty, seen.insert(text).inserted else { return false }
        let sampleHits = sample.matches(text).count
        let scale = Double(corpus.count) / Double(max(sample.count, 1))
        if let want, !plausible(want.0, estimate: Double(sampleHits) * scale, sampleHits: sampleHits) {
            return false
        }
        let hits = corpus.matches(text).count
        guard let band = BenchSearchQuery.Band.of(hits: hits, total: total) else { return false }
        let length = SearchSemantics.isPhrase(text) ? text.count - 2 : text.count
        if kind != .short {
            guard Self.lengths.contains(length), count(band, length) < slotLimit else { return false }
        }
        chosen.append(BenchSearchQuery(text: text, kind: kind, length: length, band: band, hits: hits))
        return true
    }

    /// Whether a sample estimate is worth an exact count for `band`.
    private func plausible(_ band: BenchSearchQuery.Band, estimate: Double, sampleHits: Int) -> Bool {
        let share = estimate / Double(max(total, 1))
        switch band {
        case .common: return share >= 0.28
        case .mid: return share >= 0.006 && share <= 0.14
        case .rare: return share <= 0.004
        case .none: return sampleHits == 0
        }
    }

    /// One candidate aimed at `band` and `length`.
    private mutating func candidate(
        band: BenchSearchQuery.Band, length: Int, attempt: Int
    ) -> (String, BenchSearchQuery.Kind)? {
        let common = 0..<40
        let middle = 40..<2500
        let rare = 2500..<60_000
        let ranks: Range<Int>
        let pair: (Range<Int>, Range<Int>)
        switch band {
        case .common: (ranks, pair) = (common, (common, common))
        case .mid: (ranks, pair) = (middle, (common, middle))
        case .rare: (ranks, pair) = (rare, (middle, rare))
        case .none: return (absent(length: length), .absent)
        }
        if band == .rare && length == 15 && attempt % 2 == 0, let phrase = phrase(innerLength: 15) {
            return ("\"\(phrase)\"", .phrase)
        }
        if band == .rare && length == 8 && attempt % 5 == 0, let phrase = phrase(innerLength: 8) {
            return ("\"\(phrase)\"", .phrase)
        }
        if attempt % 7 == 3, let foreign = foreignPrefix(length: length) { return (foreign, .nonASCII) }
        if length >= 8 {
            switch attempt % 3 {
            case 0: if let text = twoWords(length: length, ranks: pair, prefix: false) { return (text, .twoWords) }
            case 1: if let text = twoWords(length: length, ranks: pair, prefix: true) { return (text, .lastWordPrefix) }
            default: break
            }
        }
        return prefix(length: length, ranks: ranks)
    }

    /// The first `length` characters of a word ranked in `ranks` (the whole word when it is that long).
    private mutating func prefix(length: Int, ranks: Range<Int>) -> (String, BenchSearchQuery.Kind)? {
        let words = dataset.factory.text.vocabulary.words
        for _ in 0..<50 {
            let rank = ranks.lowerBound + random.below(min(ranks.count, words.count - ranks.lowerBound))
            let word = words[rank]
            guard word.count >= length, word.allSatisfy({ $0 < 0x80 && $0 != 0x20 }) else { continue }
            return (String(decoding: word[0..<length], as: UTF8.self), word.count == length ? .word : .prefix)
        }
        return nil
    }

    /// A word ranked in `ranks.0` and one in `ranks.1`, `length` characters with the space; the second cut short
    /// when `prefix`.
    private mutating func twoWords(length: Int, ranks: (Range<Int>, Range<Int>), prefix: Bool) -> String? {
        let words = dataset.factory.text.vocabulary.words
        for _ in 0..<50 {
            let first = words[ranks.0.lowerBound + random.below(min(ranks.0.count, words.count - ranks.0.lowerBound))]
            let rest = length - 1 - first.count
            guard rest >= 3, first.allSatisfy({ $0 < 0x80 }) else { continue }
            if prefix {
                let second = words[
                    ranks.1.lowerBound + random.below(min(ranks.1.count, words.count - ranks.1.lowerBound))]
                guard second.count > rest, second.allSatisfy({ $0 < 0x80 }) else { continue }
                return String(decoding: first + [0x20] + second[0..<rest], as: UTF8.self)
            }
            guard let candidates = wordsByLength[rest]?.filter({ ranks.1.contains($0) }), !candidates.isEmpty else {
                continue
            }
            let second = words[candidates[random.below(candidates.count)]]
            return String(decoding: first + [0x20] + second, as: UTF8.self)
        }
        return nil
    }

    /// Two adjacent words of a random item's body, `innerLength` characters with the space.
    private mutating func phrase(innerLength: Int) -> String? {
        for _ in 0..<20 {
            let item = dataset.items[random.below(dataset.items.count)]
            guard item.state == .active, let body = item.properties["body"]?.string else { continue }
            let tokens = body.split(separator: " ", omittingEmptySubsequences: false)
            guard tokens.count > 2 else { continue }
            let start = random.below(tokens.count - 1)
            for index in start..<(tokens.count - 1) {
                let pair = tokens[index] + " " + tokens[index + 1]
                if pair.count == innerLength, pair.allSatisfy({ $0.isLetter || $0 == " " }) { return String(pair) }
            }
        }
        return nil
    }

    /// The first `length` characters of a non-ASCII letter word (accented Latin, Cyrillic, Greek, CJK), never one
    /// holding a letter the two sides fold apart (`SearchSemantics.foldedApart`).
    private mutating func foreignPrefix(length: Int) -> String? {
        let words = ForeignWords.all.map { String(decoding: $0, as: UTF8.self) }
            .filter { $0.count >= length && $0.allSatisfy(\.isLetter) && $0.unicodeScalars.count == $0.count }
            .filter { !$0.unicodeScalars.contains(where: SearchSemantics.foldedApart.contains) }
        guard !words.isEmpty else { return nil }
        let word = Array(words[random.below(words.count)])
        let text = String(word[0..<length])
        return text.unicodeScalars.contains { $0.value >= 0x80 } ? text : nil
    }

    /// `length` letters that occur nowhere: rare letters, or a word with a rare tail.
    private mutating func absent(length: Int) -> String {
        let letters = Array("qxzjvkwy".utf8)
        var bytes: [UInt8] = []
        for _ in 0..<length { bytes.append(letters[random.below(letters.count)]) }
        if length >= 8 {
            let words = dataset.factory.text.vocabulary.words
            let word = words[random.below(min(words.count, 2000))].prefix(length - 3)
            if word.allSatisfy({ $0 < 0x80 && $0 != 0x20 }) {
                bytes = Array(word) + bytes.prefix(length - word.count)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
