import MarfaRules
import XCTest

@testable import MarfaEngine

/// A first build split over two threads, each filing half of the words, holds what a build on one thread holds
/// (Decision 0070): every word's rows and counts, the totals, the dictionary's order, and pair filters that never
/// miss a pair their row holds.
final class WordIndexBuildTests: XCTestCase {
    private let vocabulary = [
        "alpha", "alp", "beta", "Gamma", "café", "CAFE", "straße", "東京", "x1", "42", "delta", "epsilon", "zeta",
    ]

    private func note(_ number: Int, body: String, state: ItemState = .active) -> Item {
        let time = "2026-01-02T03:04:05.006Z"
        return Item(
            id: String(format: "0190a1b2-0000-7000-8000-%012x", number), type: "core.note",
            properties: ["title": .string("note \(number)"), "body": .string(body)], state: state, occurredAt: time,
            createdAt: time, updatedAt: time)
    }

    /// 80 notes of seeded words, some in the bin, and two notes long enough for a pair filter; each note also holds
    /// 20 words of its own, so the joined dictionary (1,600 words and more) outgrows either half's table.
    private func seeded() -> (state: CopyState, longRows: [RowID]) {
        var state = CopyState()
        var indexes = ReadIndexes()
        var random = SplitMixRandom(seed: 70)
        for number in 0..<80 {
            let length = number == 10 || number == 60 ? WordPairFilter.minimumLength + 50 : random.below(30)
            let body = (0..<length).map { _ in vocabulary[random.below(vocabulary.count)] }.joined(separator: " ")
            let unique = (0..<20).map { "only\(number)x\($0)" }.joined(separator: " ") + " w\(random.below(1000))"
            let item = note(number, body: body + " " + unique, state: number % 9 == 4 ? .trashed : .active)
            CopyActor.apply(.putItem(item), to: &state, indexes: &indexes)
        }
        let longRows = [10, 60].compactMap { state.items.row(of: note($0, body: "").id) }
        return (state, longRows)
    }

    func testTwoHalvesHoldWhatOneThreadHolds() throws {
        let (state, longRows) = seeded()
        var single = WordIndex()
        single.insert(contentsOf: ReadIndexes.searchableRows(state))
        let halves = try XCTUnwrap(WordIndexBuild.index(of: state, rowsForTwoThreads: 1, cores: 2, unless: { false }))
        try halves.checkInvariants()
        XCTAssertEqual(halves.rowCount, single.rowCount)
        XCTAssertEqual(halves.totalLength, single.totalLength)
        XCTAssertEqual(halves.dictionary.count, single.dictionary.count)
        XCTAssertGreaterThan(single.dictionary.count, 1024, "witness: more words than a first table holds")
        for id in 0..<UInt32(single.dictionary.count) {
            let word = single.dictionary.word(id)
            XCTAssertEqual(halves.postings(of: word).rows, single.postings(of: word).rows, "\(word)")
            XCTAssertEqual(halves.postings(of: word).counts, single.postings(of: word).counts, "\(word)")
        }
        for prefix in ["al", "c", "on", "only7", "w"] {
            let bytes = Array(prefix.utf8)
            XCTAssertEqual(words(halves, ofPrefix: bytes), words(single, ofPrefix: bytes), prefix)
        }
        XCTAssertEqual(longRows.count, 2, "witness: two long rows")
        for row in longRows { try assertFilterHoldsItsPairs(halves, row: row, state: state) }
    }

    /// The words `index` finds under `prefix` (through its sorted dictionary), as text in order.
    private func words(_ index: WordIndex, ofPrefix prefix: [UInt8]) -> [String] {
        index.wordIDs(ofPrefix: prefix).map { String(decoding: index.dictionary.word($0), as: UTF8.self) }.sorted()
    }

    /// Every adjacent pair of `row`'s words passes its pair filter, and the filter rules out some pair the row
    /// lacks (so the row has one: a row without a filter passes every pair).
    private func assertFilterHoldsItsPairs(_ index: WordIndex, row: RowID, state: CopyState) throws {
        let item = try XCTUnwrap(state.items[row: row])
        let words = SearchFields.of(item, state.catalog).flatMap(SearchText.words).map { word in
            index.wordIDs(of: Array(word.utf8)).first ?? .max
        }
        XCTAssertFalse(words.contains(.max))
        for (first, second) in zip(words, words.dropFirst()) {
            XCTAssertTrue(index.mayHoldAdjacent([first, second], in: row), "row \(row) lost a pair")
        }
        let absent = (0..<UInt32(index.dictionary.count)).filter { id in
            !zip(words, words.dropFirst()).contains { $0 == (id, id) }
        }
        XCTAssertTrue(absent.contains { !index.mayHoldAdjacent([$0, $0], in: row) }, "row \(row) has a filter")
    }

    func testAStoppedBuildHandsOverNothing() {
        let (state, _) = seeded()
        XCTAssertNil(WordIndexBuild.index(of: state, rowsForTwoThreads: 1, cores: 2, unless: { true }))
        XCTAssertNotNil(WordIndexBuild.index(of: state, rowsForTwoThreads: 1, cores: 2, unless: { false }), "witness")
    }
}
