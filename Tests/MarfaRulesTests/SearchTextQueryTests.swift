import XCTest
@testable import MarfaRules

final class SearchTextQueryTests: XCTestCase {
    /// Frequencies as a table, `[term][field]`.
    private func table(_ frequencies: TermFrequencies?) -> [[Int]]? {
        frequencies.map { found in
            (0..<(found.counts.count / max(found.fieldCount, 1))).map { Array(found.counts(ofTerm: $0)) }
        }
    }

    /// Frequencies from a table, `[term][field]`.
    private func frequencies(_ table: [[Int]]) -> TermFrequencies {
        var frequencies = TermFrequencies(termCount: table.count, fieldCount: table.first?.count ?? 0)
        frequencies.counts = table.flatMap { $0 }
        return frequencies
    }

    /// A query as `[words+]` per term, `*` marking the prefix term, and `"…"` around a phrase.
    private func shape(_ text: String) -> String {
        let query = SearchQuery(text)
        let terms = query.terms.map { $0.words.joined(separator: "+") + ($0.isPrefix ? "*" : "") }
        let joined = terms.joined(separator: " ")
        return query.isPhrase ? "\"\(joined)\"" : joined
    }

    func testParsingTable() {
        let table: [(String, String)] = [
            ("", ""),
            ("   \t\n", ""),
            ("\u{FEFF}", ""),
            ("hello", "hello*"),
            ("Hello  World", "hello world*"),
            ("  hello world  ", "hello world*"),
            ("\"quiet landscape\"", "\"quiet+landscape\""),
            (" \"quiet land\"\n", "\"quiet+land\""),
            ("\u{FEFF}\"Quiet Landscape\"\u{FEFF}", "\"quiet+landscape\""),
            ("\"a\"", "\"a\""),
            ("\"\"", ""),
            ("\"  \"", "\"\""),  // a phrase with no word: no term
            ("\"exact\" phrase", "exact phrase*"),
            ("e-mail", "e+mail*"),
            ("wor\"ld OR", "wor+ld or*"),
            ("-foo col:bar *", "foo col+bar*"),
            ("hello -", "hello*"),
            ("Émile ZÜRICH", "emile zurich*"),
            ("東京 タワー", "東京 タワー*"),
            ("a AND b", "a and b*"),
        ]
        for (text, expected) in table {
            XCTAssertEqual(shape(text), expected, text)
        }
        XCTAssertTrue(SearchQuery("  ").isEmpty)
        XCTAssertTrue(SearchQuery("\"  \"").isPhrase)
    }

    func testPatternsSpellTheNormalForm() {
        XCTAssertEqual(SearchQuery("Hello wor").patterns.map { String(decoding: $0, as: UTF8.self) },
                       [" hello ", " wor"])
        XCTAssertEqual(SearchQuery("\"big red dog\"").patterns.map { String(decoding: $0, as: UTF8.self) },
                       [" big red dog "])
    }

    func testFrequenciesVerifyWordsPrefixesAndPhrases() {
        let fields = ["Running the run", "A runner runs; the RUN ended.", "run-book"]
        XCTAssertEqual(table(SearchQuery("run").frequencies(in: fields)), [[2, 3, 1]])
        XCTAssertEqual(table(SearchQuery("run the").frequencies(in: fields)), [[1, 1, 1], [1, 1, 0]])
        XCTAssertNil(SearchQuery("runn ended").frequencies(in: fields))
        XCTAssertEqual(table(SearchQuery("\"the run\"").frequencies(in: fields)), [[1, 1, 0]])
        XCTAssertNil(SearchQuery("\"run the run\"").frequencies(in: ["the run the"]))
        XCTAssertNil(SearchQuery("\"ended the\"").frequencies(in: fields))
        XCTAssertEqual(table(SearchQuery("RUN-BOOK").frequencies(in: fields)), [[0, 0, 1]])
        XCTAssertNil(SearchQuery("").frequencies(in: fields))
        XCTAssertEqual(table(SearchQuery("emile").frequencies(in: ["Émile", "E\u{301}MILE"])), [[1, 1]])
    }

    func testScoresRewardFrequencyRarityAndShortRows() {
        let scorer = SearchScorer(rowCount: 1000, totalLength: 100_000, termRowCounts: [10, 500])
        let once = scorer.score(frequencies: frequencies([[1, 0, 0]]), length: 100)
        XCTAssertGreaterThan(once, 0)
        XCTAssertGreaterThan(scorer.score(frequencies: frequencies([[1, 2, 0]]), length: 100), once)
        XCTAssertGreaterThan(scorer.score(frequencies: frequencies([[1, 0, 0]]), length: 20), once)
        XCTAssertGreaterThan(once, scorer.score(frequencies: frequencies([[0, 0, 0], [1, 0, 0]]), length: 100))
        let common = SearchScorer(rowCount: 10, totalLength: 100, termRowCounts: [10])
        XCTAssertGreaterThan(common.score(frequencies: frequencies([[1, 0, 0]]), length: 10), 0)
        XCTAssertEqual(common.idf, [SearchScorer.minimumIDF])
    }
}
