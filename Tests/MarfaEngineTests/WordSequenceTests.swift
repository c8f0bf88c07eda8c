import MarfaRules
import XCTest
@testable import MarfaEngine

/// A term of several words counted in the word index's per-row word sequences against the text matcher's count in
/// the row's own text, for short rows and for long rows kept inverted, through edits (P-76).
final class WordSequenceTests: XCTestCase {
    /// Words that overlap as prefixes, fold alike and split into pieces (`e-mail`).
    private let vocabulary = [
        "a", "ab", "abc", "run", "running", "RUNNER", "café", "CAFE", "straße", "STRASSE", "e-mail", "mail", "東京",
        "naïve", "x1", "42",
    ]

    /// A field of up to `words` vocabulary words, with filler words unique enough to push a row past
    /// `WordSequence.invertedDistinct` distinct words when `long`.
    private func field(_ random: inout SplitMixRandom, words: Int, long: Bool) -> String {
        (0..<random.below(words)).map { _ in
            long && random.below(2) == 0 ? "filler\(random.below(2000))" : vocabulary[random.below(vocabulary.count)]
        }.joined(separator: random.below(3) == 0 ? ", " : " ")
    }

    private func fields(_ random: inout SplitMixRandom) -> [String] {
        let long = random.below(8) == 0
        return [field(&random, words: 6, long: false), field(&random, words: long ? 1600 : 40, long: long),
                field(&random, words: 4, long: false)]
    }

    /// Every row's count of every several-word term equals what the text matcher counts in its fields.
    private func assertCountsMatchTheText(_ index: WordIndex, _ model: [RowID: [String]]) throws {
        try index.checkInvariants()
        let texts = ["\"a a\"", "\"run running\"", "\"cafe strasse\"", "e-mail", "\"mail a\"", "\"a ab abc\"",
                     "\"42 x1\"", "\"東京 naive\"", "\"run ru\"", "a e-ma", "\"filler1 a\""]
        for text in texts {
            let query = SearchQuery(text)
            let term = try XCTUnwrap(query.terms.last)
            XCTAssertGreaterThan(term.words.count, 1, text)
            let ids = term.words.enumerated().map { position, word in
                term.isPrefix && position == term.words.count - 1
                    ? index.wordIDs(ofPrefix: Array(word.utf8)) : index.wordIDs(of: Array(word.utf8))
            }
            let single = SearchQuery(terms: [term], isPhrase: true)
            for (row, fields) in model {
                let expected = single.frequencies(in: fields)?.counts.reduce(0, +) ?? 0
                XCTAssertEqual(index.adjacentCount(of: ids, in: row), expected, "\(text) in row \(row)")
            }
        }
    }

    func testSeveralWordTermsCountAsTheTextMatcherCountsThroughEdits_P76() throws {
        var random = SplitMixRandom(seed: 5)
        var index = WordIndex()
        var model: [RowID: [String]] = [:]
        for row in 0..<160 { model[RowID(row)] = fields(&random) }
        index.insert(contentsOf: model.map { (row: $0.key, fields: $0.value) })
        try assertCountsMatchTheText(index, model)
        for _ in 0..<4 {
            var batch: [(row: RowID, fields: [String]?)] = []
            for row in Set((0..<40).map { _ in RowID(random.below(200)) }) {
                let fields: [String]? = random.below(5) == 0 ? nil : self.fields(&random)
                batch.append((row, fields))
                model[row] = fields
            }
            index.update(batch: batch)
            try assertCountsMatchTheText(index, model)
        }
        let long = model.filter { Set($0.value.flatMap(SearchText.words)).count >= WordSequence.invertedDistinct }
        XCTAssertGreaterThan(long.count, 5, "witness: some rows are kept inverted")
        let phrase = SearchQuery("\"a a\"")
        XCTAssertTrue(long.values.contains { phrase.frequencies(in: $0) != nil }, "witness: long rows hold phrases")
    }
}
