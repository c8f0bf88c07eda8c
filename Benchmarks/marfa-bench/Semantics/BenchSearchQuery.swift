/// One search query of the set, with the band its hit rate falls in.
struct BenchSearchQuery: Codable, Sendable {
    /// Hit-rate bands of benchmarks.md, as fractions of all items.
    enum Band: String, Codable, Sendable, CaseIterable {
        case common = "≥30%"
        case mid = "1–10%"
        case rare = "0.01–0.1%"
        case none = "0 hits"

        /// The band `hits` out of `total` items falls in, or nil between bands.
        static func of(hits: Int, total: Int) -> Band? {
            let share = Double(hits) / Double(max(total, 1))
            if hits == 0 { return Band.none }
            if share >= 0.30 { return .common }
            if share >= 0.01 && share <= 0.10 { return .mid }
            let rareLow = max(1, Int((Double(total) * 0.0001).rounded(.up)))
            let rareHigh = max(1, Int((Double(total) * 0.001).rounded(.down)))
            if hits >= rareLow && hits <= rareHigh { return .rare }
            return nil
        }
    }

    /// How the query was made.
    enum Kind: String, Codable, Sendable {
        case word
        case prefix = "word-prefix"
        case twoWords = "two-words"
        case lastWordPrefix = "last-word-prefix"
        case phrase
        case nonASCII = "non-ascii"
        case short
        case absent
    }

    /// The query as a person types it.
    var text: String
    /// How it was made.
    var kind: Kind
    /// Its length in characters, quotes excluded.
    var length: Int
    /// Its band.
    var band: Band
    /// Items it matches under `SearchSemantics`.
    var hits: Int
}
