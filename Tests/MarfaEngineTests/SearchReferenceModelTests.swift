import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// Search through the trigram index against a scan of every row under the same matching rules (WC-52, WC-54).
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
}
