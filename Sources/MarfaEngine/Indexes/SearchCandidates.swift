import MarfaRules

/// The rows a search query can match, as the word index answers it: for a query whose terms are all one word
/// (each a whole word or the last-word prefix) the rows are exactly the matches and each term's occurrences are
/// known; a term of several words (a phrase, a word folding into pieces) contributes the rows holding all its
/// words and a bound on its occurrences (those of its least frequent word), counted exactly in the candidate's
/// text only for a candidate the bound lets in.
package struct SearchCandidates: Sendable {
    /// The rows holding every term's words, ascending.
    package private(set) var rows: [RowID]
    /// Per term, in query order, its occurrences in each candidate (aligned with `rows`): exact for a one-word
    /// term, at most (its least frequent word's count) for a longer one. Read while the rows were intersected.
    package private(set) var termCounts: [[UInt32]]
    /// Per term, the rows it occurs in (exact for a one-word term, the rows holding all its words otherwise),
    /// for the inverse document frequency.
    package private(set) var termRowCounts: [Int]
    /// Per term of several words, the term alone as a query, which counts it in a row's text; nil for a one-word
    /// term.
    package let textCounters: [SearchQuery?]
    /// Per term of several words, the ids of its whole words in order (a prefix's last word left out), whose
    /// adjacent pairs a row holding the term holds; empty for a one-word term or one with a word no row holds.
    let pairWords: [[UInt32]]

    /// The candidates of `query` in `index`.
    /// - Complexity: O(term look-ups) plus one intersection of every word's rows, smallest list first, the
    ///   others sought by cursor; a term of several words in a query of several terms is intersected alone too.
    package init(_ query: SearchQuery, in index: WordIndex) {
        let words: [[WordIndex.WordRows]] = query.terms.map { term in
            term.words.enumerated().map { position, word in
                let bytes = Array(word.utf8)
                let isPrefix = term.isPrefix && position == term.words.count - 1
                return isPrefix ? index.postings(ofPrefix: bytes) : .postings(index.postings(of: bytes))
            }
        }
        let (rows, counts) = WordIndex.intersection(of: words.flatMap { $0 })
        self.rows = rows
        var termCounts: [[UInt32]] = []
        var termRowCounts: [Int] = []
        var next = 0
        for term in words {
            let own = counts[next..<(next + term.count)]
            next += term.count
            termCounts.append(own.dropFirst().reduce(own.first ?? []) { least, other in
                zip(least, other).map { min($0, $1) }
            })
            if term.count == 1 {
                termRowCounts.append(term[0].count)
            } else {
                termRowCounts.append(words.count == 1 ? rows.count : WordIndex.intersection(of: term).rows.count)
            }
        }
        self.termCounts = termCounts
        self.termRowCounts = termRowCounts
        textCounters = query.terms.map { term in
            term.words.count > 1 ? SearchQuery(terms: [term], isPhrase: query.isPhrase) : nil
        }
        pairWords = query.terms.map { term in
            guard term.words.count > 1 else { return [] }
            let ids = (term.isPrefix ? term.words.dropLast() : term.words[...]).map {
                index.wordIDs(of: Array($0.utf8)).first
            }
            return ids.contains(nil) ? [] : ids.compactMap { $0 }
        }
    }

    /// Whether `row` may hold every term of several words, as `index`'s word pair filters answer without its text:
    /// false only when some pair of a term's adjacent whole words is surely missing.
    /// - Complexity: O(words of such terms).
    package func mayHoldPhrases(_ row: RowID, in index: WordIndex) -> Bool {
        pairWords.allSatisfy { $0.count < 2 || index.mayHoldAdjacent($0, in: row) }
    }

    /// Whether some term has several words, so a candidate's bound is exact only once its text is read.
    package var countsInText: Bool { textCounters.contains { $0 != nil } }

    /// Writes into `counts` how often each term occurs in the candidate at `position` of `rows`: exactly for a
    /// one-word term, at most for a longer one.
    /// - Complexity: O(terms).
    @inline(__always)
    package func fill(_ counts: inout [Int], at position: Int) {
        for term in counts.indices { counts[term] = Int(termCounts[term][position]) }
    }

    /// Replaces the bound of each term of several words in `counts` (from `fill`) with its exact count in a row's
    /// search `fields` (what the row was indexed from), as the text matcher counts it: adjacent and in order within
    /// one field, every start counted; answers false when some term does not occur (the row is no match).
    /// - Complexity: O(the fields' length) per such term; nothing for one-word terms.
    package func countExactly(_ counts: inout [Int], fields: [String]) -> Bool {
        for (term, counter) in textCounters.enumerated() {
            guard let counter else { continue }
            counts[term] = counter.frequencies(in: fields)?.counts.reduce(0, +) ?? 0
            if counts[term] == 0 { return false }
        }
        return true
    }
}
