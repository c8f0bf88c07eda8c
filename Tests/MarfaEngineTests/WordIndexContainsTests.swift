import MarfaRules
import XCTest
@testable import MarfaEngine

/// `contains` operands take their candidates from the word index (Decision 0034): every row whose text holds the
/// operand is a candidate (P-26), through bulk builds, edits and removals, and the pieces narrow as they should.
final class WordIndexContainsTests: XCTestCase {
    /// Words chosen to overlap: prefixes, substrings, case and accent variants, and scripts without case.
    private let vocabulary = [
        "a", "ab", "abc", "abcd", "bcab", "cab", "Cabin", "cabinet", "run", "running", "RUNNER", "runs", "rerun",
        "café", "CAFE", "Émile", "emile", "straße", "STRASSE", "東京", "東京タワー", "京都", "naïve", "naive",
        "x1", "42", "4242", "ёлка", "елка", "zebra", "zebras", "the", "then", "there",
    ]
    private let separators = [" ", " ", " ", ", ", "-", "'s ", "\n", " & ", "_"]

    private func text(words count: Int, _ random: inout SplitMixRandom) -> String {
        (0..<count).map { _ in vocabulary[random.below(vocabulary.count)] + separators[random.below(separators.count)] }
            .joined()
    }

    private func fields(_ random: inout SplitMixRandom) -> [String] {
        [text(words: 1 + random.below(4), &random), text(words: random.below(20), &random),
         text(words: random.below(3), &random)]
    }

    /// A piece of a vocabulary word or of a row's field (any scalars, separators included), in any case.
    private func operand(_ random: inout SplitMixRandom, model: [RowID: [String]]) -> String {
        let rows = model.keys.sorted()
        let source = random.below(3) == 0 || rows.isEmpty
            ? vocabulary[random.below(vocabulary.count)] : model[rows[random.below(rows.count)]]![random.below(3)]
        let scalars = Array(source.unicodeScalars)
        let start = random.below(scalars.count + 1)
        let end = min(scalars.count, start + random.below(12))
        var piece = String(String.UnicodeScalarView(scalars[start..<end]))
        if random.below(2) == 0 { piece = random.below(2) == 0 ? piece.uppercased() : piece.lowercased() }
        return piece
    }

    /// Checks every operand's candidates hold every row whose fields hold it; answers how many operands narrowed.
    private func assertCandidatesHoldEveryMatch(
        _ index: WordIndex, _ model: [RowID: [String]], _ random: inout SplitMixRandom
    ) throws -> Int {
        try index.checkInvariants()
        var narrowed = 0
        for _ in 0..<60 {
            let operand = operand(&random, model: model)
            let truth = Set(model.filter { $0.value.contains { SearchText.containsIgnoringASCIICase($0, operand) } }
                .keys)
            let pattern = SearchText.normalizedOperand(operand)
            guard pattern.count >= 2, let candidates = index.candidates(forOperand: pattern) else { continue }
            XCTAssertTrue(truth.isSubset(of: Set(candidates.rows)), "contains \(operand) missed rows")
            if candidates.count < model.count { narrowed += 1 }
        }
        return narrowed
    }

    func testCandidatesHoldEveryMatchThroughEdits_P26() throws {
        var random = SplitMixRandom(seed: 34)
        var model: [RowID: [String]] = [:]
        for _ in 0..<200 { model[RowID(random.below(250))] = fields(&random) }
        var index = WordIndex()
        index.insert(contentsOf: model.map { ($0.key, $0.value) })
        var narrowed = try assertCandidatesHoldEveryMatch(index, model, &random)
        for _ in 0..<6 {
            var batch: [RowID: [String]?] = [:]
            for _ in 0..<60 {
                let row = RowID(random.below(300))
                batch[row] = random.below(4) == 0 ? .some(nil) : .some(fields(&random))
            }
            index.update(batch: batch.map { (row: $0.key, fields: $0.value) }) { model[$0] }
            for (row, fields) in batch { model[row] = fields }
            narrowed += try assertCandidatesHoldEveryMatch(index, model, &random)
        }
        XCTAssertGreaterThan(narrowed, 100, "witness: most operands narrow")
    }

    func testPiecesAskForInsidesSuffixesWholeWordsAndPrefixes_P26() {
        var index = WordIndex()
        let texts: [(row: RowID, fields: [String])] = [
            (0, ["a cat", "", ""]), (1, ["abacus", "", ""]), (2, ["bat", "Émile", ""]), (3, ["qé", "", ""]),
            (4, ["the cathedral tower", "", ""]), (5, ["東京タワー", "", ""]),
        ]
        index.insert(contentsOf: texts)
        func rows(_ operand: String) -> [RowID]? {
            index.candidates(forOperand: SearchText.normalizedOperand(operand))?.rows
        }
        // No space: the bytes anywhere in a word.
        XCTAssertEqual(rows("ca"), [0, 4])
        XCTAssertEqual(rows("at"), [0, 2, 4])
        XCTAssertEqual(rows("京タ"), [5])
        XCTAssertEqual(rows("zz"), [])
        // A separator after: the word ends with it.
        XCTAssertEqual(rows("t!"), [0, 2])
        XCTAssertEqual(rows("é!"), [2, 3, 4])
        // Between spaces, a whole word; before the last space a suffix, after it a prefix.
        XCTAssertEqual(rows("e cat"), [4])
        XCTAssertEqual(rows("he cathedral tow"), [4])
        XCTAssertEqual(rows("a cathedral t"), [])
        XCTAssertEqual(rows(" cat"), [0, 4])
        XCTAssertEqual(rows("-cat "), [0])
    }

    func testAPieceHoldingTooManyPostingsDoesNotNarrow() {
        var index = WordIndex()
        let rows = (0..<100).map { (RowID($0), ["ee eae ebe ece ede efe ege", "", $0 == 7 ? "rare" : ""]) }
        index.insert(contentsOf: rows)
        // "e" begins and ends seven words of every row: 700 postings, past four a row, so only "ra" narrows.
        XCTAssertNil(index.candidates(forOperand: SearchText.normalizedOperand("e e")))
        XCTAssertEqual(index.candidates(forOperand: SearchText.normalizedOperand("e ra"))?.rows, [7])
    }

    func testTheArenaScanFindsEveryOffsetANaiveScanFinds() {
        var random = SplitMixRandom(seed: 3)
        for _ in 0..<400 {
            let haystack = (0..<random.below(40)).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            let needle = (0..<(1 + random.below(3))).map { _ in UInt8(ascii: "a") + UInt8(random.below(3)) }
            let naive = haystack.count < needle.count ? [] : (0...(haystack.count - needle.count)).filter {
                Array(haystack[$0..<($0 + needle.count)]) == needle
            }
            var found: [Int] = []
            haystack.withUnsafeBufferPointer { haystack in
                needle.withUnsafeBufferPointer { needle in
                    WordDictionary.forEachOffset(of: needle, in: haystack) { found.append($0) }
                }
            }
            XCTAssertEqual(found, naive, "\(needle) in \(haystack)")
        }
    }
}
