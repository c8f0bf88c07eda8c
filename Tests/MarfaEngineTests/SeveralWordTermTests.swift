import MarfaRules
import XCTest
@testable import MarfaEngine

/// A term of several words as search finds and counts it: the word index's candidates hold every row the text
/// matcher finds it in, a long row's word pair filter never rules out one holding it, and its exact count read
/// from a candidate's fields is the text matcher's, through edits (P-76).
final class SeveralWordTermTests: XCTestCase {
    /// Words that overlap as prefixes, fold alike and split into pieces (`e-mail`).
    private let vocabulary = [
        "a", "ab", "abc", "run", "running", "RUNNER", "café", "CAFE", "straße", "STRASSE", "e-mail", "mail", "東京",
        "naïve", "x1", "42",
    ]

    /// A field of up to `words` vocabulary words, with filler words when `long`.
    private func field(_ random: inout SplitMixRandom, words: Int, long: Bool) -> String {
        (0..<random.below(words)).map { _ in
            long && random.below(2) == 0 ? "filler\(random.below(2000))" : vocabulary[random.below(vocabulary.count)]
        }.joined(separator: random.below(3) == 0 ? ", " : " ")
    }

    private func fields(_ random: inout SplitMixRandom) -> [String] {
        let long = random.below(8) == 0
        return [field(&random, words: 6, long: false), field(&random, words: long ? 4000 : 40, long: long),
                field(&random, words: 4, long: false)]
    }

    /// For every several-word term: each row the text matcher finds it in is a candidate its pair filter lets
    /// through, and a candidate's count from its fields is the text matcher's (0, and no match, for a candidate
    /// whose words stand apart, which a long row's pair filter may rule out).
    private func assertCandidatesAndCountsMatchTheText(_ index: WordIndex, _ model: [RowID: [String]]) throws {
        try index.checkInvariants()
        let texts = ["\"a a\"", "\"run running\"", "\"cafe strasse\"", "e-mail", "\"mail a\"", "\"a ab abc\"",
                     "\"42 x1\"", "\"東京 naive\"", "\"run ru\"", "a e-ma", "\"filler1 a\""]
        var apart = 0
        var ruledOut = 0
        for text in texts {
            let query = SearchQuery(text)
            let term = try XCTUnwrap(query.terms.last)
            XCTAssertGreaterThan(term.words.count, 1, text)
            let single = SearchQuery(terms: [term], isPhrase: true)
            let candidates = SearchCandidates(single, in: index)
            XCTAssertTrue(candidates.countsInText, text)
            for (row, fields) in model {
                let expected = single.frequencies(in: fields)?.counts.reduce(0, +) ?? 0
                guard let position = candidates.rows.firstIndex(of: row) else {
                    XCTAssertEqual(expected, 0, "\(text) in row \(row) is no candidate")
                    continue
                }
                var counts = [0]
                candidates.fill(&counts, at: position)
                XCTAssertGreaterThanOrEqual(counts[0], expected, "\(text): the bound in row \(row)")
                XCTAssertEqual(candidates.countExactly(&counts, fields: fields), expected > 0, "\(text) in row \(row)")
                if expected > 0 {
                    XCTAssertEqual(counts[0], expected, "\(text) in row \(row)")
                    XCTAssertTrue(candidates.mayHoldPhrases(row, in: index), "\(text): row \(row)'s pair filter")
                } else {
                    apart += 1
                    if !candidates.mayHoldPhrases(row, in: index) { ruledOut += 1 }
                }
            }
        }
        XCTAssertGreaterThan(apart, 0, "witness: some candidate holds a term's words apart")
        XCTAssertGreaterThan(ruledOut, 0, "witness: a long row's pair filter rules out a candidate")
    }

    func testSeveralWordTermsAreFoundAndCountedAsTheTextMatcherCountsThroughEdits_P76() throws {
        var random = SplitMixRandom(seed: 5)
        var index = WordIndex()
        var model: [RowID: [String]] = [:]
        for row in 0..<160 { model[RowID(row)] = fields(&random) }
        index.insert(contentsOf: model.map { (row: $0.key, fields: $0.value) })
        try assertCandidatesAndCountsMatchTheText(index, model)
        for _ in 0..<4 {
            let before = model
            var batch: [(row: RowID, fields: [String]?)] = []
            for row in Set((0..<40).map { _ in RowID(random.below(200)) }) {
                let fields: [String]? = random.below(5) == 0 ? nil : self.fields(&random)
                batch.append((row, fields))
                model[row] = fields
            }
            index.update(batch: batch) { before[$0] }
            try assertCandidatesAndCountsMatchTheText(index, model)
        }
        let phrase = SearchQuery("\"a a\"")
        XCTAssertTrue(model.values.contains { phrase.frequencies(in: $0) != nil }, "witness: rows hold phrases")
    }
}
