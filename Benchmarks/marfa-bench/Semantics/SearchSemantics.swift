/// The search semantics the benchmark gates on, written once: the instance's word semantics (P-76, P-77 without
/// stems), as `SearchQuery` reads a query and the engine answers it.
///
/// A query is trimmed; a query wholly in double quotes is one phrase of whole words; otherwise every
/// whitespace-separated piece holding a letter or digit is a term, all must occur (any order, any column), each
/// a whole word except the last, which is a prefix of a word. Words are split at everything but letters and
/// digits and fold case and diacritics. An item matches when it is `active` (the default state; the bin is never
/// searched, WC-52). The columns are the engine's search fields (`SearchFields`): the title, every other string
/// property, the tags. The peer realizes this with an FTS5 table tokenized `unicode61 remove_diacritics 2`
/// holding the same three columns, queried with `"piece"` terms, the last one `"piece"*`. FTS5 keeps letters the
/// engine folds to others (`ß` → `ss`, `ł` → `l`, …: `foldedApart`), so no query holds one.
///
/// The substring helpers (`terms(of:)`, `fold`) serve the trigram peer, which is timed with its own substring
/// semantics and not gated, and the list benchmark's `contains`.
import MarfaRules

enum SearchSemantics {
    /// Letters the engine folds to other letters (`SearchText.fold`) and FTS5's `unicode61` keeps as they are.
    static let foldedApart: Set<Unicode.Scalar> = Set("ßẞøØłŁæÆœŒıİđĐþÞ".unicodeScalars)

    /// The terms of `query` (not folded).
    static func terms(of query: String) -> [String] {
        let trimmed = query.trimmingWhitespace
        if trimmed.count >= 3, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            let inside = String(trimmed.dropFirst().dropLast())
            if !inside.trimmingWhitespace.isEmpty { return [inside] }
        }
        return trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// The FTS5 expression of `query` under the agreed semantics, for the peer's words table: each piece that holds
    /// a word quoted as typed (FTS5 folds and splits it as it does the text), the last one as a prefix, or the
    /// phrase quoted whole; nil when the query holds no word (it matches nothing).
    static func wordsExpression(_ query: String) -> String? {
        let pieces = terms(of: query).filter { !SearchText.words($0).isEmpty }
        guard let last = pieces.last else { return nil }
        if isPhrase(query) { return quoted(last) }
        return (pieces.dropLast().map(quoted) + [quoted(last) + "*"]).joined(separator: " ")
    }

    /// A term as an FTS5 string (inner quotes doubled).
    static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether `query` is a quoted phrase.
    static func isPhrase(_ query: String) -> Bool {
        let trimmed = query.trimmingWhitespace
        return trimmed.count >= 3 && trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"")
    }

    /// `text` case-folded scalar by scalar, as UTF-8.
    static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        fold(text, into: &out)
        return out
    }

    /// Appends `text` case-folded to `out`.
    static func fold(_ text: String, into out: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                out.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                continue
            }
            var folded = scalar
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            if lower.count == 1, let only = lower.first { folded = only }
            out.append(contentsOf: Array(String(folded).utf8))
        }
    }

    /// `text` with ASCII letters lower-cased only (the `contains` list condition and SQLite's `LIKE`).
    static func foldASCII(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }
}

extension String {
    /// The text without leading and trailing whitespace (and byte-order marks).
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
