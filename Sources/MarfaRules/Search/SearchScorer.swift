import Foundation

/// The fields a row's search text is read from, in the order the engine passes them to the index and the scorer.
package enum SearchField: Int, Sendable, CaseIterable {
    /// The name (the type's title field).
    case title
    /// The main text and every other searchable string property.
    case body
    /// The tags, one word run each.
    case tags

    /// How much a match in this field counts; all equal, as the instance weighs its columns (P-79).
    package var weight: Double { 1 }
}

/// BM25 as SQLite FTS5 computes it, made positive so a higher score ranks first (P-79).
///
/// For each term, the inverse document frequency `ln((N − n + 0.5) / (n + 0.5))` (floored at 1e-6, so a term in
/// most rows still counts a little) multiplies `f·(k1 + 1) / (f + k1·(1 − b + b·D/avgD))`, where `f` sums the
/// term's occurrences over the fields by weight, `D` is the row's length in words over all fields and `avgD` the
/// average over the indexed rows.
package struct SearchScorer: Sendable, Hashable {
    /// Term-frequency saturation.
    package static let k1 = 1.2
    /// Length normalization.
    package static let b = 0.75
    /// The floor under a term's inverse document frequency.
    package static let minimumIDF = 1e-6

    /// Each term's inverse document frequency, in term order.
    package let idf: [Double]
    /// The average row length in words.
    package let averageLength: Double

    /// A scorer for rows of an index holding `rowCount` rows of `totalLength` words in all, where term `i`
    /// occurs in `termRowCounts[i]` rows.
    /// - Complexity: O(terms).
    package init(rowCount: Int, totalLength: Int, termRowCounts: [Int]) {
        let rows = Double(max(rowCount, 0))
        idf = termRowCounts.map { count in
            let matching = Double(count)
            return max(Self.minimumIDF, log((rows - matching + 0.5) / (matching + 0.5)))
        }
        averageLength = rowCount > 0 ? max(Double(totalLength) / rows, 1) : 1
    }

    /// The score of a row `length` words long whose terms occur as `frequencies` counts.
    /// - Complexity: O(terms × fields).
    package func score(frequencies: TermFrequencies, length: Int) -> Double {
        let counted = frequencies.fieldCount > 0 ? frequencies.counts.count / frequencies.fieldCount : 0
        let weighted = (0..<counted).map { term in
            frequencies.counts(ofTerm: term).enumerated().reduce(0.0) { total, entry in
                total + Double(entry.element) * (SearchField(rawValue: entry.offset)?.weight ?? 1)
            }
        }
        return score(weightedCounts: weighted, length: length)
    }

    /// The score of a row `length` words long in which term `i` occurs `termCounts[i]` times over all its fields
    /// (every field weighs the same, so a count summed over the fields is its weighted count).
    /// - Complexity: O(terms).
    package func score(termCounts: [Int], length: Int) -> Double {
        let norm = Self.k1 * (1 - Self.b + Self.b * Double(length) / averageLength)
        var total = 0.0
        for (term, count) in zip(idf, termCounts) {
            let weighted = Double(count)
            total += term * weighted * (Self.k1 + 1) / (weighted + norm)
        }
        return total
    }

    private func score(weightedCounts: [Double], length: Int) -> Double {
        let norm = Self.k1 * (1 - Self.b + Self.b * Double(length) / averageLength)
        var total = 0.0
        for (term, weighted) in zip(idf, weightedCounts) {
            total += term * weighted * (Self.k1 + 1) / (weighted + norm)
        }
        return total
    }
}
