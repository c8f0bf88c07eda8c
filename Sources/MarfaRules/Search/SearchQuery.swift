/// A search query as the instance reads it (P-76): a query wholly inside double quotes is one phrase; otherwise
/// every whitespace-separated word must match, in any order and any field, the last one as a prefix.
///
/// Nothing typed is syntax: operators, `col:`, `*`, a leading `-` and stray quotes are plain text, and what is
/// not a letter or digit separates words. A word that folds into several pieces (`e-mail`) matches them
/// adjacent and in order, as a short phrase. A query with no word has no terms and answers nothing.
package struct SearchQuery: Sendable, Hashable {
    /// One thing every match must contain: folded words, adjacent and in order.
    package struct Term: Sendable, Hashable {
        /// The folded words, at least one.
        package var words: [String]
        /// Whether the last word matches any word it begins (the query's last word) rather than a whole word.
        package var isPrefix: Bool

        /// Makes a term from folded words.
        package init(words: [String], isPrefix: Bool) {
            self.words = words
            self.isPrefix = isPrefix
        }

        /// The term as a byte pattern over a normal form: `" w1 w2 "`, or `" w1 w2"` for a prefix.
        /// - Complexity: O(length of the words).
        package var pattern: [UInt8] {
            var bytes: [UInt8] = [SearchText.space]
            for (index, word) in words.enumerated() {
                if index > 0 { bytes.append(SearchText.space) }
                bytes.append(contentsOf: word.utf8)
            }
            if !isPrefix { bytes.append(SearchText.space) }
            return bytes
        }
    }

    /// The terms, in the order typed; empty when the query holds no word.
    package let terms: [Term]
    /// Whether the query was one quoted phrase.
    package let isPhrase: Bool
    /// The terms' byte patterns, in order (see `Term.pattern`).
    package let patterns: [[UInt8]]
    /// The terms as the raw-text matcher reads them.
    let rawTerms: [SearchText.RawTerm]
    /// Term indexes, longest pattern first, the order verification checks them in.
    let checkingOrder: [Int]

    /// Makes a query from terms.
    package init(terms: [Term], isPhrase: Bool) {
        self.terms = terms
        self.isPhrase = isPhrase
        self.patterns = terms.map(\.pattern)
        self.checkingOrder = terms.indices.sorted { terms[$0].pattern.count > terms[$1].pattern.count }
        self.rawTerms = terms.map { SearchText.RawTerm(words: $0.words.map { Array($0.utf8) }, isPrefix: $0.isPrefix) }
    }

    /// Reads `text` as the instance does.
    ///
    /// Whitespace and byte-order marks around it are trimmed. A trimmed query of three or more characters
    /// beginning and ending with `"` is a phrase whose words are all whole. Otherwise each whitespace-separated
    /// word that holds a letter or digit becomes a term, and the last such term is a prefix.
    /// - Complexity: O(n).
    package init(_ text: String) {
        let scalars = Array(text.unicodeScalars.drop(while: Self.isQueryWhitespace).reversed()
            .drop(while: Self.isQueryWhitespace).reversed())
        let quote = Unicode.Scalar(UInt8(ascii: "\""))
        if scalars.count > 2, scalars.first == quote, scalars.last == quote {
            let inner = String(String.UnicodeScalarView(scalars[1..<(scalars.count - 1)]))
            let words = SearchText.words(inner)
            self.init(terms: words.isEmpty ? [] : [Term(words: words, isPrefix: false)], isPhrase: true)
            return
        }
        var terms: [Term] = scalars.split(whereSeparator: Self.isQueryWhitespace).compactMap { piece in
            let words = SearchText.words(String(String.UnicodeScalarView(piece)))
            return words.isEmpty ? nil : Term(words: words, isPrefix: false)
        }
        if !terms.isEmpty { terms[terms.count - 1].isPrefix = true }
        self.init(terms: terms, isPhrase: false)
    }

    /// Whether the query can match nothing because it holds no word.
    package var isEmpty: Bool { terms.isEmpty }

    /// How often each term occurs in each field, or nil when some term occurs in no field (the row does not
    /// match): the verification of a candidate, and the frequencies ranking reads. The fields are read in
    /// their own bytes, folded on the fly (no normal form is written).
    /// - Complexity: O(fields' length × terms), eight bytes per step through ASCII text.
    package func frequencies(in fields: [String]) -> TermFrequencies? {
        guard !terms.isEmpty else { return nil }
        var frequencies = TermFrequencies(termCount: terms.count, fieldCount: fields.count)
        // Longest term first: the likeliest to be missing, so a row that fails is left soonest.
        for term in checkingOrder {
            var total = 0
            for (field, text) in fields.enumerated() {
                var text = text
                let found = text.withUTF8 { SearchText.occurrences(of: rawTerms[term], in: $0) }
                frequencies.counts[term * fields.count + field] = found
                total += found
            }
            if total == 0 { return nil }
        }
        return frequencies
    }

    /// JavaScript's trim rule, as the server applies it: Unicode white space except U+0085, and the byte-order mark.
    static func isQueryWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isWhitespace && scalar.value != 0x85) || scalar.value == 0xFEFF
    }
}

/// How often each term of a query occurs in each field of one row.
package struct TermFrequencies: Sendable, Hashable {
    /// How many fields each term was counted in.
    package let fieldCount: Int
    /// The counts, term by term, each term's fields in order.
    package var counts: [Int]

    /// All zero, for `termCount` terms over `fieldCount` fields.
    package init(termCount: Int, fieldCount: Int) {
        self.fieldCount = fieldCount
        self.counts = [Int](repeating: 0, count: termCount * fieldCount)
    }

    /// How often term `term` occurs in each field, in field order.
    /// - Complexity: O(1).
    package func counts(ofTerm term: Int) -> ArraySlice<Int> {
        counts[(term * fieldCount)..<((term + 1) * fieldCount)]
    }
}
