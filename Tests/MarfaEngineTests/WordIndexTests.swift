import MarfaRules
import XCTest
@testable import MarfaEngine

/// The word index against a brute-force model of every row's words, through inserts, edits and removals in a
/// seeded order (P-76, P-77: whole words, the last word as a prefix, folded case and diacritics).
final class WordIndexTests: XCTestCase {
    /// Words chosen to overlap as prefixes and to fold alike (case, accents, `ß`), with scripts without case.
    private let vocabulary = [
        "a", "ab", "abc", "abcd", "cab", "Cabin", "cabinet", "run", "running", "RUNNER", "runs", "café", "CAFE",
        "Émile", "emile", "straße", "STRASSE", "東京", "東京タワー", "naïve", "x1", "42", "4242", "e-mail", "zebra",
    ]

    private func text(_ random: inout SplitMixRandom) -> String {
        (0..<random.below(12)).map { _ in vocabulary[random.below(vocabulary.count)] }.joined(separator: " ")
    }

    /// Each row's folded words with counts, as the model reads them.
    private func counts(_ fields: [String]) -> [String: Int] {
        fields.flatMap(SearchText.words).reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    private func assertAgreesWithTheModel(_ index: WordIndex, _ model: [RowID: [String]]) throws {
        try index.checkInvariants()
        XCTAssertEqual(index.rowCount, model.count)
        XCTAssertEqual(index.totalLength, model.values.reduce(0) { $0 + counts($1).values.reduce(0, +) })
        let words = Set(vocabulary.flatMap(SearchText.words))
        for word in words {
            let expected = model.keys.sorted().compactMap { row -> (RowID, UInt32)? in
                counts(model[row] ?? [])[word].map { (row, UInt32($0)) }
            }
            let postings = index.postings(of: Array(word.utf8))
            XCTAssertEqual(postings.rows, expected.map(\.0), word)
            XCTAssertEqual(postings.counts, expected.map(\.1), word)
            for length in 1...word.utf8.count {
                let prefix = Array(word.utf8.prefix(length))
                let expected = model.keys.sorted().compactMap { row -> (RowID, UInt32)? in
                    let total = counts(model[row] ?? []).filter { $0.key.utf8.starts(with: prefix) }.values
                        .reduce(0, +)
                    return total > 0 ? (row, UInt32(total)) : nil
                }
                let postings = index.postings(ofPrefix: prefix)
                XCTAssertEqual(postings.rows, expected.map(\.0), "prefix \(prefix)")
                XCTAssertEqual(postings.counts, expected.map(\.1), "prefix \(prefix)")
            }
        }
    }

    func testPostingsAndPrefixesMatchABruteForceModelThroughEdits_P76() throws {
        var random = SplitMixRandom(seed: 7)
        var index = WordIndex()
        var model: [RowID: [String]] = [:]
        var initial: [(row: RowID, fields: [String])] = []
        for row in 0..<300 {
            let fields = [text(&random), text(&random), text(&random)]
            initial.append((RowID(row * 2), fields))
            model[RowID(row * 2)] = fields
        }
        for position in initial.indices.reversed() { initial.swapAt(position, random.below(position + 1)) }
        index.insert(contentsOf: initial)
        try assertAgreesWithTheModel(index, model)
        for _ in 0..<600 {
            let row = RowID(random.below(700))
            if random.below(4) == 0 {
                index.update(batch: [(row: row, fields: nil)]) { model[$0] }
                model[row] = nil
            } else {
                let fields = [text(&random), text(&random), text(&random)]
                index.update(batch: [(row: row, fields: fields)]) { model[$0] }
                model[row] = fields
            }
        }
        try assertAgreesWithTheModel(index, model)
        XCTAssertFalse(index.postings(ofPrefix: Array("ru".utf8)).rows.isEmpty, "witness: prefixes find rows")
    }

    /// Writes only mark rows; the next search brings them current in one batch, which must leave the same index as
    /// row-by-row upkeep would (P-76).
    func testABatchOfEditsAndRemovalsMatchesTheModel_P76() throws {
        var random = SplitMixRandom(seed: 11)
        var index = WordIndex()
        var model: [RowID: [String]] = [:]
        var initial: [(row: RowID, fields: [String])] = []
        for row in 0..<200 {
            let fields = [text(&random), text(&random)]
            initial.append((RowID(row), fields))
            model[RowID(row)] = fields
        }
        index.insert(contentsOf: initial)
        for _ in 0..<8 {
            let before = model
            var batch: [RowID: [String]?] = [:]
            for _ in 0..<(1 + random.below(60)) {
                let row = RowID(random.below(260))
                let fields: [String]? = random.below(4) == 0 ? nil : [text(&random), text(&random)]
                batch[row] = .some(fields)
                model[row] = fields
            }
            index.update(batch: batch.map { (row: $0.key, fields: $0.value) }) { before[$0] }
            try assertAgreesWithTheModel(index, model)
        }
    }

    /// A count past one byte is kept exactly through the escape, in a lone row and in a longer list, through an
    /// edit that brings it back under and a removal (P-77: counts rank hits).
    func testCountsPastOneByteStayExact_P77() throws {
        let many = Array(repeating: "echo", count: 300).joined(separator: " ")
        var index = WordIndex()
        index.insert(contentsOf: [(row: RowID(4), fields: [many, "", ""])])
        XCTAssertEqual(index.postings(of: Array("echo".utf8)).counts, [300])
        let indexed: [RowID: [String]] = [
            4: [many, "", ""], 2: ["echo", many + " " + many, ""], 9: ["echo echo", "", ""],
        ]
        index.update(batch: [(row: 2, fields: indexed[2]), (row: 9, fields: indexed[9])]) { _ in nil }
        XCTAssertEqual(index.postings(of: Array("echo".utf8)).rows, [2, 4, 9])
        XCTAssertEqual(index.postings(of: Array("echo".utf8)).counts, [601, 300, 2])
        XCTAssertEqual(index.postings(ofPrefix: Array("ech".utf8)).counts, [601, 300, 2])
        index.update(batch: [(row: 4, fields: ["echo", "", ""]), (row: 2, fields: nil)]) { indexed[$0] }
        XCTAssertEqual(index.postings(of: Array("echo".utf8)).counts, [1, 2])
        index.update(batch: [(row: 9, fields: nil)]) { indexed[$0] }
        XCTAssertEqual(index.postings(of: Array("echo".utf8)).counts, [1])
        try index.checkInvariants()
    }

    /// A list keeps every row and count exactly whatever its gaps (each varint length, and one past 2^31) and its
    /// counts (one, written as no byte; one byte; escaped), through steps and seeks across blocks (Decision 0037).
    func testPostingsKeepRowsAndCountsOfEverySize_P77() throws {
        let gaps: [RowID] = [1, 63, 64, 127, 128, 8191, 8192, 16_384, 100_000]
        let sizes: [UInt32] = [1, 2, 1, 254, 255, 1, 1000, 1, 1]
        var list = WordIndex.Postings()
        var rows: [RowID] = []
        var counts: [UInt32] = []
        for index in 0..<300 {
            let row = (rows.last ?? 0) + (index == 0 ? 0 : gaps[index % gaps.count])
            rows.append(row)
            counts.append(sizes[index % sizes.count])
        }
        rows.append(3_000_000_000)
        counts.append(3)
        for (row, count) in zip(rows, counts) { list.append(row, count: count) }
        XCTAssertEqual(list.rows, rows)
        XCTAssertEqual(list.counts, counts)
        var cursor = WordIndex.Postings.Cursor()
        for (row, count) in zip(rows, counts) {
            XCTAssertTrue(cursor.advance(in: list))
            XCTAssertEqual(cursor.row, row)
            XCTAssertEqual(cursor.count, count)
        }
        XCTAssertFalse(cursor.advance(in: list))
        for index in stride(from: 0, to: rows.count, by: 7) {
            var seeker = WordIndex.Postings.Cursor()
            XCTAssertTrue(seeker.seek(atLeast: rows[index], in: list))
            XCTAssertEqual(seeker.row, rows[index])
            XCTAssertEqual(seeker.count, counts[index])
        }
        try list.checkInvariants()
    }

    /// Postings longer than a skip block intersect through their cursors' seeks as whole lists would (P-76).
    func testCompressedPostingsSeekAcrossBlocks_P76() throws {
        var index = WordIndex()
        var rows: [(row: RowID, fields: [String])] = []
        for row in 0..<1000 {
            let title = row % 37 == 0 ? "common rare" : "common"
            rows.append((RowID(row * 3), [title, row % 2 == 0 ? "even" : "", ""]))
        }
        index.insert(contentsOf: rows)
        let common = index.postings(of: Array("common".utf8))
        let rare = index.postings(of: Array("rare".utf8))
        let even = index.postings(of: Array("even".utf8))
        XCTAssertEqual(common.rows, (0..<1000).map { RowID($0 * 3) })
        let expected = (0..<1000).filter { $0 % 74 == 0 }.map { RowID($0 * 3) }
        let found = WordIndex.intersection(of: [.postings(common), .postings(rare), .postings(even)])
        XCTAssertEqual(found.rows, expected)
        XCTAssertEqual(found.counts, [[UInt32]](repeating: expected.map { _ in 1 }, count: 3), "each list's count")
        let decoded = WordIndex.WordRows.decoded(rows: common.rows, counts: common.counts)
        XCTAssertEqual(WordIndex.intersection(of: [decoded, .postings(rare), .postings(even)]).rows, expected)
        var cursor = WordIndex.Postings.Cursor()
        XCTAssertTrue(cursor.seek(atLeast: 2000, in: common))
        XCTAssertEqual(cursor.row, 2001)
        XCTAssertTrue(cursor.seek(atLeast: 2001, in: common), "a cursor stays on a row at its target")
        XCTAssertTrue(cursor.seek(atLeast: 2995, in: common))
        XCTAssertEqual(cursor.row, 2997)
        XCTAssertFalse(cursor.seek(atLeast: 2998, in: common))
        try index.checkInvariants()
    }

    func testIntersectionGallopsToTheCommonRows() {
        func list(_ rows: [RowID]) -> WordIndex.WordRows { .decoded(rows: rows, counts: rows.map { $0 + 1 }) }
        let found = WordIndex.intersection(of: [list([1, 3, 5, 7, 900]), list([0, 3, 7, 8, 900, 901]), list([3, 900])])
        XCTAssertEqual(found.rows, [3, 900])
        XCTAssertEqual(found.counts, [[4, 901], [4, 901], [4, 901]], "each list's count at each common row")
        XCTAssertEqual(WordIndex.intersection(of: [list([1, 2]), list([])]).rows, [])
        XCTAssertEqual(WordIndex.intersection(of: []).rows, [])
        XCTAssertEqual(Gallop.firstIndex(in: [RowID]([1, 3, 5, 7, 9, 11]), from: 1, atLeast: 8), 4)
        XCTAssertEqual(Gallop.firstIndex(in: [RowID]([1, 3]), from: 0, atLeast: 4), 2)
    }
}
