import MarfaRules

/// The rows a search query can match, as the word index answers it: for a query whose terms are all one word
/// (each a whole word or the last-word prefix) the rows are exactly the matches and each term's occurrences are
/// known; a term of several words (a phrase, a word folding into pieces) contributes the rows holding all its
/// words, to be verified against the text.
package struct SearchCandidates: Sendable {
    /// The rows holding every term's words, ascending.
    package var rows: [RowID]
    /// Per term, in query order, its postings when it is one word (known exactly), nil when it needs verifying.
    package var exactTerms: [WordIndex.Postings?]
    /// Per term, the rows it occurs in (exact for a one-word term, the rows holding all its words otherwise),
    /// for the inverse document frequency.
    package var termRowCounts: [Int]

    /// Whether `rows` are exactly the matches and every term's counts are known.
    package var isExact: Bool { exactTerms.allSatisfy { $0 != nil } }

    /// The candidates of `query` in `index`.
    /// - Complexity: O(term look-ups) plus the intersection, smallest list first, galloping through the others.
    package init(_ query: SearchQuery, in index: WordIndex) {
        var lists: [[RowID]] = []
        exactTerms = []
        for term in query.terms {
            var wordLists: [WordIndex.Postings] = []
            for (position, word) in term.words.enumerated() {
                let bytes = Array(word.utf8)
                let isPrefix = term.isPrefix && position == term.words.count - 1
                wordLists.append(isPrefix ? index.postings(ofPrefix: bytes) : index.postings(of: bytes))
            }
            if wordLists.count == 1 {
                exactTerms.append(wordLists[0])
                lists.append(wordLists[0].rows)
            } else {
                exactTerms.append(nil)
                lists.append(WordIndex.intersection(of: wordLists.map(\.rows)))
            }
        }
        termRowCounts = lists.map(\.count)
        rows = WordIndex.intersection(of: lists)
    }

    /// Writes into `counts` how often each term occurs in the candidate at `position` of `rows` (0 for a term to
    /// verify); `cursors` holds one position per term into its postings, advanced as candidates are read in order
    /// (start both at zeros, one per term).
    /// - Complexity: O(terms × log gap).
    package func fill(_ counts: inout [Int], at position: Int, cursors: inout [Int]) {
        let row = rows[position]
        for (term, postings) in exactTerms.enumerated() {
            guard let postings else {
                counts[term] = 0
                continue
            }
            cursors[term] = WordIndex.gallop(postings.rows, from: cursors[term], to: row)
            counts[term] = Int(postings.counts[cursors[term]])
        }
    }
}
