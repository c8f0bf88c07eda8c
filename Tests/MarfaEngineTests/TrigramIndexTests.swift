import MarfaRules
import XCTest
@testable import MarfaEngine

final class TrigramIndexTests: XCTestCase {
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

    /// A row's fields; one body in sixteen is long enough (6–17 KB) for the index to keep chunk filters.
    private func fields(_ random: inout SplitMixRandom) -> [String] {
        let body = random.below(16) == 0 ? 1000 + random.below(1500) : random.below(20)
        return [text(words: 1 + random.below(4), &random), text(words: body, &random),
                text(words: random.below(3), &random)]
    }

    /// A random row's fields, chosen by sorted row so the seed replays it.
    private func pick(_ model: [RowID: [String]], _ random: inout SplitMixRandom) -> [String]? {
        let rows = model.keys.sorted()
        return rows.isEmpty ? nil : model[rows[random.below(rows.count)]]
    }

    private func query(_ random: inout SplitMixRandom, model: [RowID: [String]]) -> String {
        switch random.below(4) {
        case 0:
            return (0..<(1 + random.below(3))).map { _ in vocabulary[random.below(vocabulary.count)] }
                .joined(separator: " ")
        case 1:
            let word = vocabulary[random.below(vocabulary.count)]
            return String(word.prefix(1 + random.below(word.count)))
        case 2:
            guard let row = pick(model, &random) else { return "abc" }
            let words = SearchText.words(row[1] + " " + row[0])
            guard !words.isEmpty else { return "abc" }
            let start = random.below(words.count)
            let phrase = words[start..<min(words.count, start + 1 + random.below(3))].joined(separator: " ")
            return "\"\(phrase)\""
        default:
            return vocabulary[random.below(vocabulary.count)] + " zz"
        }
    }

    private func operand(_ random: inout SplitMixRandom, model: [RowID: [String]]) -> String {
        let source: String
        if random.below(3) == 0 {
            source = vocabulary[random.below(vocabulary.count)]
        } else if let row = pick(model, &random) {
            source = row[random.below(3)]
        } else {
            source = "cab"
        }
        let scalars = Array(source.unicodeScalars)
        let start = random.below(scalars.count + 1)
        let end = min(scalars.count, start + random.below(8))
        var piece = String(String.UnicodeScalarView(scalars[start..<end]))
        if random.below(2) == 0 { piece = random.below(2) == 0 ? piece.uppercased() : piece.lowercased() }
        return piece
    }

    /// Every search and every `contains` answers exactly what a scan of every row answers: candidates hold all
    /// true matches, and verifying them leaves exactly those.
    private func assertAgreesWithAScan(
        _ index: TrigramIndex, _ model: [RowID: [String]], _ random: inout SplitMixRandom
    ) throws {
        try index.checkInvariants(rows: model.map { ($0.key, $0.value) })
        XCTAssertEqual(index.rowCount, model.count)
        let everyRow = Set(model.keys)
        for _ in 0..<40 {
            let query = SearchQuery(query(&random, model: model))
            let truth = Set(model.filter { query.frequencies(in: $0.value) != nil }.keys)
            let candidates = index.candidates(for: query).map { Set($0.rows) } ?? everyRow
            XCTAssertTrue(truth.isSubset(of: candidates), "missed rows for \(query.terms)")
            let verified = candidates.filter { row in
                model[row].map { query.frequencies(in: $0) != nil } ?? false
            }
            XCTAssertEqual(verified, truth, "\(query.terms)")
        }
        for _ in 0..<40 {
            let operand = operand(&random, model: model)
            let truth = Set(model.filter { $0.value.contains { SearchText.containsIgnoringASCIICase($0, operand) } }
                .keys)
            let pattern = SearchText.normalizedOperand(operand)
            var screened = index.candidates(for: pattern)
            if var rows = screened {
                index.removeLongRows(from: &rows, lacking: [pattern])
                screened = rows
            }
            let candidates = screened.map { Set($0.rows) } ?? everyRow
            XCTAssertTrue(truth.isSubset(of: candidates), "contains \(operand) missed rows")
        }
    }

    /// Edits and removals are handed the fields a row was indexed with, from which the index finds the trigrams
    /// to take it out of (it keeps no per-row record).
    func testRandomInsertsUpdatesAndRemovesMatchAScan() throws {
        var random = SplitMixRandom(seed: 21)
        var index = TrigramIndex()
        var model: [RowID: [String]] = [:]
        for step in 1...3000 {
            let row = RowID(random.below(250))
            switch random.below(5) {
            case 0:
                index.update(row: row, from: model[row], to: nil)
                model[row] = nil
            case 1, 2:
                let fields = fields(&random)
                index.update(row: row, from: model[row], to: fields)
                model[row] = fields
            default:
                let fields = fields(&random)
                if model[row] == nil {
                    index.insert(row: row, fields: fields)
                } else {
                    index.update(row: row, from: model[row], to: fields)
                }
                model[row] = fields
            }
            if step % 600 == 0 { try assertAgreesWithAScan(index, model, &random) }
        }
        for (row, fields) in model { index.update(row: row, from: fields, to: nil) }
        try index.checkInvariants(rows: [])
        XCTAssertEqual(index.rowCount, 0)
        XCTAssertEqual(index.candidates(for: SearchQuery("cabinet"))?.count, 0)
    }

    func testABulkBuildEqualsInsertingRowByRow() throws {
        var random = SplitMixRandom(seed: 8)
        var model: [RowID: [String]] = [:]
        var single = TrigramIndex()
        for _ in 0..<400 {
            // Rows out of order, and some named twice (the second a re-index, which the bulk build never sees).
            let row = RowID(random.below(300))
            let fields = fields(&random)
            single.update(row: row, from: model[row], to: fields)
            model[row] = fields
        }
        var bulk = TrigramIndex()
        bulk.insert(contentsOf: model.map { ($0.key, $0.value) })
        try bulk.checkInvariants(rows: model.map { ($0.key, $0.value) })
        try single.checkInvariants(rows: model.map { ($0.key, $0.value) })
        XCTAssertEqual(bulk.rowCount, single.rowCount)
        for _ in 0..<200 {
            let pattern = SearchText.normalizedOperand(operand(&random, model: model))
            XCTAssertEqual(bulk.candidates(for: pattern), single.candidates(for: pattern))
        }
    }

    func testAnEditMovesOnlyTheTrigramsItChanges() throws {
        var index = TrigramIndex()
        index.insert(row: 1, fields: ["Zebra crossing", "", ""])
        index.insert(row: 2, fields: ["zebra", "", ""])
        let zeb = UInt32(UInt8(ascii: "z")) << 16 | UInt32(UInt8(ascii: "e")) << 8 | UInt32(UInt8(ascii: "b"))
        let cro = UInt32(UInt8(ascii: "c")) << 16 | UInt32(UInt8(ascii: "r")) << 8 | UInt32(UInt8(ascii: "o"))
        XCTAssertEqual(index.rowCount(ofTrigram: zeb), 2)
        XCTAssertEqual(index.rowCount(ofTrigram: cro), 1)
        index.update(row: 1, from: ["Zebra crossing", "", ""], to: ["Zebra", "", ""])
        XCTAssertEqual(index.rowCount(ofTrigram: zeb), 2)
        XCTAssertEqual(index.rowCount(ofTrigram: cro), 0)
        index.update(row: 1, from: ["Zebra", "", ""], to: ["東京 zebra", "", ""])
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("東京"))?.rows, [1])
        index.update(row: 1, from: ["東京 zebra", "", ""], to: nil)
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("東京"))?.rows, [])
        XCTAssertEqual(index.candidates(for: SearchQuery("zebra"))?.rows, [2])
        try index.checkInvariants(rows: [(2, ["zebra", "", ""])])
    }

    func testChunkFiltersDropLongRowsWhoseTrigramsLieApart() throws {
        var index = TrigramIndex()
        let filler = Array(repeating: "mmm nnn", count: 1500).joined(separator: " ")
        // Row 0 holds every trigram of " abcxyz " but in chunks kilobytes apart; row 1 is short and is kept.
        index.insert(row: 0, fields: ["", "abcx " + filler + " cxyz", ""])
        index.insert(row: 1, fields: ["", "abcx cxyz", ""])
        index.insert(row: 2, fields: ["", filler + " abcxyz " + filler, ""])
        var rows = RowSet([0, 1, 2])
        index.removeLongRows(from: &rows, lacking: [SearchQuery("abcxyz").patterns[0]])
        XCTAssertEqual(rows.rows, [1, 2])
        XCTAssertEqual(index.candidates(for: SearchQuery("abcxyz"))?.rows, [1, 2])
        XCTAssertEqual(index.candidates(for: SearchQuery("abcx cxyz"))?.rows, [0, 1])
        try index.checkInvariants(rows: [
            (0, ["", "abcx " + filler + " cxyz", ""]), (1, ["", "abcx cxyz", ""]),
            (2, ["", filler + " abcxyz " + filler, ""]),
        ])
    }

    func testShortTermsAreAnsweredFromTheTrigramsTheyBegin() {
        var index = TrigramIndex()
        index.insert(row: 0, fields: ["a cat", "", ""])
        index.insert(row: 1, fields: ["abacus", "", ""])
        index.insert(row: 2, fields: ["bat", "Émile", ""])
        index.insert(row: 3, fields: ["qé", "", ""])
        // A 1-letter whole word is " a ", and a 2-letter prefix " ab": both are trigrams.
        XCTAssertEqual(index.candidates(for: SearchQuery("a cat"))?.rows, [0])
        XCTAssertEqual(index.candidates(for: SearchQuery("ab"))?.rows, [1])
        // A 1-letter prefix " a" unites the trigrams " a?": the rows with a word starting with a.
        XCTAssertEqual(index.candidates(for: SearchQuery("a"))?.rows, [0, 1])
        XCTAssertEqual(index.candidates(for: SearchQuery("E"))?.rows, [2])
        XCTAssertEqual(index.candidates(for: SearchQuery("q"))?.rows, [3])
        // A 2-byte operand unites the trigrams it begins; a 1-byte one narrows nothing.
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("ca"))?.rows, [0])
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("at"))?.rows, [0, 2])
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("t!"))?.rows, [0, 2])
        XCTAssertEqual(index.candidates(for: SearchText.normalizedOperand("é!"))?.rows, [2, 3])
        XCTAssertNil(index.candidates(for: SearchText.normalizedOperand("c")))
        XCTAssertEqual(index.candidates(for: SearchQuery(""))?.rows, [])
    }
}
