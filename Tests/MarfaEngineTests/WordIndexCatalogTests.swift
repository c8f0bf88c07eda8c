import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// The word index reads a row's old words from its item under the copy's catalog (Decision 0044), so a catalog
/// that changes which property is searched must not leave the words of the old one behind (P-76); and a `contains`
/// on a property that stops being a title no longer reads that property's own index (Decision 0042, P-26).
final class WordIndexCatalogTests: XCTestCase {
    func testACatalogChangeLeavesNoWordOfAFieldNoLongerSearched_P76() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (copy, note) = try await noteTitledBy(
            "thumbnail", properties: ["title": "Alpha", "thumbnail": "zeta"], at: url)
        let id = note.id
        let titled = try await copy.search("zeta", filters: SearchFilters(), limit: 20)
        XCTAssertEqual(titled.rows.map(\.item.id), [id], "witness: the thumbnail is searched as the title")

        try await copy.commit([.setCatalog(CatalogSnapshot(itemTypes: [], edgeTypes: []))])
        var edited = note
        edited.properties["title"] = "Beta"
        try await copy.commit([.putItem(edited)])
        let stale = try await copy.search("zeta", filters: SearchFilters(), limit: 20)
        XCTAssertEqual(stale.rows.map(\.item.id), [], "a thumbnail is not searched under the default title field")
        let current = try await copy.search("beta", filters: SearchFilters(), limit: 20)
        XCTAssertEqual(current.rows.map(\.item.id), [id])
    }

    func testAPropertyNoLongerATitleIsListedFromTheSharedIndex_P26() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (copy, note) = try await noteTitledBy(
            "headline", properties: ["title": "Plain", "headline": "alpha"], at: url)
        let id = note.id
        func listed(_ operand: String) async throws -> [String] {
            let filter = FilterExpression(conditions: [
                FilterCondition(field: .property("headline"), operator: .contains, value: .text(operand))
            ])
            return try await copy.list(ListFilters(filter: filter.encoded()), sort: Sort()).rows.map(\.id)
        }
        let titled = try await listed("alph")
        XCTAssertEqual(titled, [id])
        let built = await copy.indexes.propertyWords["headline"]
        XCTAssertNotNil(built, "witness: the headline is read from its own index")

        try await copy.commit([.setCatalog(CatalogSnapshot(itemTypes: [], edgeTypes: []))])
        var edited = note
        edited.properties["headline"] = "gamma"
        try await copy.commit([.putItem(edited)])
        let renamed = try await listed("gamm")
        XCTAssertEqual(renamed, [id], "the new headline is found after the catalog change")
        let gone = try await listed("alph")
        XCTAssertEqual(gone, [])
    }

    /// A copy at `url` whose catalog titles notes by `titleField`, holding one note with `properties`.
    private func noteTitledBy(_ titleField: String, properties: JSONObject, at url: URL) async throws
        -> (CopyActor, Item)
    {
        let copy = try await CopyActor.open(at: url, origin: nil)
        let titled = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: titleField)], edgeTypes: [])
        try await copy.commit([.setCatalog(titled)])
        let time = "2026-01-02T03:04:05.006Z"
        let note = Item(
            id: "0190a1b2-0000-7000-8000-00000000000b", type: "core.note", properties: properties, occurredAt: time,
            createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(note)])
        return (copy, note)
    }
}
