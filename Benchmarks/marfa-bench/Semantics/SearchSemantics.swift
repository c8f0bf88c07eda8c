/// The search semantics both sides are gated on (substring, as the trigram peer answers), written once.
///
/// A query is trimmed; a query wholly in double quotes is one term (its inside, spaces kept); otherwise each
/// whitespace-separated word is a term. An item matches when it is `active` (WC-50; the bin is never searched,
/// WC-52) and every term occurs, case-folded, as a substring of one of its columns: title, body, or its tags joined
/// by single spaces. Folding maps each Unicode scalar to its lower-case scalar when that is a single scalar (what
/// SQLite's FTS5 trigram tokenizer does with `case_sensitive 0` on 3.40, which has no `remove_diacritics`).
/// Terms shorter than 3 scalars are answered by the peer with `LIKE`, which folds ASCII only, so the query set
/// keeps such terms ASCII.
enum SearchSemantics {
    /// The terms of `query` (not folded).
    static func terms(of query: String) -> [String] {
        let trimmed = query.trimmingWhitespace
        if trimmed.count >= 3, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            let inside = String(trimmed.dropFirst().dropLast())
            if !inside.trimmingWhitespace.isEmpty { return [inside] }
        }
        return trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
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
