import MarfaRules

/// The rows a search query can match, as the word index answers it: for a query whose terms are all one word
/// (each a whole word or the last-word prefix) the rows are exactly the matches and each term's occurrences are
/// known; a term of several words (a phrase, a word folding into pieces) contributes the rows holding all its
/// words and a bound on its occurrences (those of its least frequent word), counted exactly in the row's word
/// sequence only for a candidate the bound lets in.
package struct SearchCandidates: Sendable {
    /// The rows holding every term's words, ascending.
    package var rows: [RowID]
    /// Per term, in query order, the postings of each of its words (the last one's prefix union for a prefix).
    package var wordPostings: [[WordIndex.Postings]]
    /// Per term, the rows it occurs in (exact for a one-word term, the rows holding all its words otherwise),
    /// for the inverse document frequency.
    package var termRowCounts: [Int]

    /// Per term of several words, the ids each word may take (`WordIndex.wordIDs`); empty for a one-word term.
    package var wordIDs: [[[UInt32]]]

    /// The candidates of `query` in `index`.
    /// - Complexity: O(term look-ups) plus the intersection, smallest list first, galloping through the others.
    package init(_ query: SearchQuery, in index: WordIndex) {
        wordPostings = query.terms.map { term in
            term.words.enumerated().map { position, word in
                let bytes = Array(word.utf8)
                let isPrefix = term.isPrefix && position == term.words.count - 1
                return isPrefix ? index.postings(ofPrefix: bytes) : index.postings(of: bytes)
            }
        }
        let lists = wordPostings.map { words in WordIndex.intersection(of: words) }
        termRowCounts = lists.map(\.count)
        wordIDs = query.terms.map { term in
            guard term.words.count > 1 else { return [] }
            return term.words.enumerated().map { position, word in
                let bytes = Array(word.utf8)
                let isPrefix = term.isPrefix && position == term.words.count - 1
                return isPrefix ? index.wordIDs(ofPrefix: bytes) : index.wordIDs(of: bytes)
            }
        }
        rows = WordIndex.intersection(of: lists)
    }

    /// Cursors for `fill(_:at:cursors:)`: one per word of each term, all before the first row.
    package var startCursors: [[WordIndex.Postings.Cursor]] {
        wordPostings.map { [WordIndex.Postings.Cursor](repeating: WordIndex.Postings.Cursor(), count: $0.count) }
    }

    /// Writes into `counts` how often each term occurs in the candidate at `position` of `rows`: exactly for a
    /// one-word term, at most (its least frequent word's count) for a longer one. `cursors` (from `startCursors`)
    /// advance as candidates are read in order.
    /// - Complexity: O(words × (log blocks + blockSize)) at most, O(words) when candidates are dense.
    package func fill(_ counts: inout [Int], at position: Int, cursors: inout [[WordIndex.Postings.Cursor]]) {
        let row = rows[position]
        for (term, words) in wordPostings.enumerated() {
            var least = Int.max
            for (word, postings) in words.enumerated() {
                _ = cursors[term][word].seek(atLeast: row, in: postings)
                least = min(least, Int(cursors[term][word].count))
            }
            counts[term] = least
        }
    }

    /// Replaces the bound of each term of several words in `counts` (from `fill`) with its exact count in `row`,
    /// read from the row's word sequence; answers false when some term does not occur (the row is no match).
    /// - Complexity: O(the row's distinct words + its length × words) per such term; nothing for one-word terms.
    package func countExactly(_ counts: inout [Int], row: RowID, in index: WordIndex) -> Bool {
        for (term, words) in wordIDs.enumerated() where !words.isEmpty {
            counts[term] = index.adjacentCount(of: words, in: row)
            if counts[term] == 0 { return false }
        }
        return true
    }
}
