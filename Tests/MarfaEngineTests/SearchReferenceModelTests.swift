import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Search through the word index against a scan of every row under the same matching rules (WC-52, WC-54,
/// P-76, P-79).
final class SearchReferenceModelTests: XCTestCase {
    func testIndexedSearchFindsExactlyWhatAScanFindsAndNeverTheBin_WC52() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 99)
        var batch: [StoreChange] = []
        for _ in 0..<5000 { batch.append(.putItem(generator.item(id: generator.id()))) }
        try await copy.commit(batch)
        _ = try await copy.search("alpha", filters: SearchFilters(), limit: 1)
        var edits: [StoreChange] = []
        let before = await copy.state
        for id in before.items.keys.sorted().prefix(300) {
            var item = try XCTUnwrap(before.items[id])
            item.properties["title"] = .string("zeta résumé \(id.suffix(4))")
            item.state = id.hasSuffix("0") ? .trashed : item.state
            edits.append(.putItem(item))
        }
        try await copy.commit(edits)
        let state = await copy.state
        for text in ["alpha", "gam", "reading list", "\"essay tasks\"", "zeta resume", "RÉSUMÉ", "pl", "x", "plan delta"] {
            let hits = try await copy.search(text, filters: SearchFilters(allStates: true), limit: 100_000)
            let query = SearchQuery(text)
            let expected = Set(state.items.values.filter { item in
                item.state != .trashed && query.frequencies(in: SearchFields.of(item, state.catalog)) != nil
            }.map(\.id))
            XCTAssertEqual(Set(hits.rows.map(\.item.id)), expected, text)
            XCTAssertFalse(hits.rows.contains { $0.item.state == .trashed }, text)
            XCTAssertEqual(hits.rows.map(\.score), hits.rows.map(\.score).sorted(by: >), "best match first: \(text)")
        }
        let witness = try await copy.search("zeta", filters: SearchFilters(allStates: true), limit: 1000)
        XCTAssertGreaterThan(witness.count, 100, "witness: edits made after the index was built are found")
        await copy.close()
    }

    func testSearchNarrowsLikeAListAndMarksMatchesInAnEscapedSnippet_WC54() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let note = try await copy.create(Draft(type: "core.note", properties: [
            "title": "Reading <list>", "body": "Essays & <script>alert(1)</script> first",
        ], tags: ["books"]))
        _ = try await copy.create(Draft(type: "core.task", properties: ["title": "Reading plan"]))
        let hits = try await copy.search("reading", filters: SearchFilters(types: ["core.note"]), limit: 20)
        XCTAssertEqual(hits.rows.map(\.item.id), [note.itemId])
        let snippet = try XCTUnwrap(hits.rows.first?.snippet)
        XCTAssertFalse(snippet.contains("<script>"), snippet)
        XCTAssertTrue(snippet.contains("<mark>"), snippet)
        XCTAssertTrue(hits.rows.first?.excerpt.contains { $0.isMatch } == true)
        let tagged = try await copy.search("books", filters: SearchFilters(), limit: 20)
        XCTAssertEqual(tagged.rows.map(\.item.id), [note.itemId], "tags are searched")
        await copy.close()
    }

    /// Words that overlap as prefixes and fold alike, drawn by a skewed law so some are common and some rare.
    private static let vocabulary = [
        "the", "then", "there", "plan", "planet", "planning", "café", "CAFE", "Émile", "straße", "run", "running",
        "runs", "note", "notebook", "e-mail", "東京", "naïve", "x1", "42", "zebra", "quartz", "quasar", "quiet",
        "alpha", "alphabet", "river", "rivet", "lake", "lantern", "mountain", "moon", "mood", "ocean", "orchid",
    ]

    private static func text(_ random: inout SplitMixRandom, words: Int) -> String {
        (0..<words).map { _ in
            let skewed = Int(random.next() % UInt64(vocabulary.count)) * Int(random.next() % 100) / 100
            return vocabulary[skewed]
        }.joined(separator: random.next() % 5 == 0 ? ", " : " ")
    }

    /// The model: every row out of the bin that matches, scored by bm25 from brute-force counts: a one-word term's
    /// rows are those holding the word (or a word it begins, for the last), a longer term's rows those holding all
    /// its words (the candidates the engine verifies); ranked best first, ties by id.
    private static func expectedRanking(
        _ text: String, rows: [(item: Item, fields: [String], words: [String])], filter: (Item) -> Bool
    ) -> [(String, Double)] {
        let query = SearchQuery(text)
        let words = rows.map(\.words)
        func holds(_ rowWords: [String], _ word: String, prefix: Bool) -> Bool {
            rowWords.contains { prefix ? $0.hasPrefix(word) : $0 == word }
        }
        let termRowCounts = query.terms.map { term in
            words.filter { rowWords in
                term.words.enumerated().allSatisfy { position, word in
                    holds(rowWords, word, prefix: term.isPrefix && position == term.words.count - 1)
                }
            }.count
        }
        let scorer = SearchScorer(
            rowCount: rows.count, totalLength: words.reduce(0) { $0 + $1.count }, termRowCounts: termRowCounts)
        var ranked: [(String, Double)] = []
        for row in rows where filter(row.item) {
            guard let frequencies = query.frequencies(in: row.fields) else { continue }
            ranked.append((row.item.id, scorer.score(frequencies: frequencies, length: row.words.count)))
        }
        return ranked.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
    }

    func testTheTopHitsAreTheBruteForceRankingBestFirstTiesByIdNeverTheBin_P79_WC52() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 17)
        var random = SplitMixRandom(seed: 23)
        var batch: [StoreChange] = []
        for _ in 0..<6000 {
            var item = generator.item(id: generator.id())
            item.properties["title"] = .string(Self.text(&random, words: 1 + Int(random.next() % 4)))
            item.properties["body"] = .string(Self.text(&random, words: Int(random.next() % 30)))
            batch.append(.putItem(item))
        }
        try await copy.commit(batch)
        _ = try await copy.search("plan", filters: SearchFilters(), limit: 1)
        let built = await copy.state
        var edits: [StoreChange] = []
        for id in built.items.keys.sorted().prefix(400) {
            var item = try XCTUnwrap(built.items[id])
            item.properties["body"] = .string(Self.text(&random, words: Int(random.next() % 30)) + " quokka")
            item.state = id.hasSuffix("1") ? .trashed : .active
            edits.append(.putItem(item))
        }
        try await copy.commit(edits)
        let state = await copy.state
        let rows = state.items.values.filter { $0.state != .trashed }.map { item in
            let fields = SearchFields.of(item, state.catalog)
            return (item: item, fields: fields, words: fields.flatMap(SearchText.words))
        }
        let type = try XCTUnwrap(rows.map(\.item.type).min())
        XCTAssertGreaterThan(Set(rows.map(\.item.type)).count, 1, "witness: the type filter drops rows")
        let queries = [
            "the", "t", "pl", "plan", "planet", "cafe", "CAFÉ", "emile", "strasse", "e-mail", "e mail", "東京",
            "naive", "run", "running", "x", "4", "quokka", "mo", "plan the", "the ocean", "zebra qu",
            "\"the plan\"", "\"moon river\"", "quokka r", "absentword", "l",
        ]
        for text in queries {
            let active = Self.expectedRanking(text, rows: rows) { $0.state == .active }
            let hits = try await copy.search(text, filters: SearchFilters(), limit: 20)
            XCTAssertEqual(hits.rows.map(\.item.id), active.prefix(20).map(\.0), text)
            XCTAssertEqual(hits.rows.map(\.score), active.prefix(20).map(\.1), text)
            let every = Self.expectedRanking(text, rows: rows) { _ in true }
            let all = try await copy.search(text, filters: SearchFilters(allStates: true), limit: 100_000)
            XCTAssertEqual(all.rows.map(\.item.id), every.map(\.0), "every hit: \(text)")
            // Short limits and a filter most rows fail: the best-bound-first walk stops early, yet keeps the
            // exhaustive ranking's top hits.
            let typed = Self.expectedRanking(text, rows: rows) { $0.state == .active && $0.type == type }
            for limit in [1, 7] {
                let hits = try await copy.search(text, filters: SearchFilters(types: [type]), limit: limit)
                XCTAssertEqual(hits.rows.map(\.item.id), typed.prefix(limit).map(\.0), "\(text), limit \(limit)")
            }
        }
        let witness = try await copy.search("quokka", filters: SearchFilters(allStates: true), limit: 1000)
        XCTAssertGreaterThan(witness.count, 300, "witness: edits after the build are found, the bin is not")
        XCTAssertLessThan(witness.count, 400, "witness: the bin is not searched")
        await copy.close()
    }
}
