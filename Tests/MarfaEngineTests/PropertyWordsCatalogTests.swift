import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// A `contains` on a type's title property reads that property's own word index (Decision 0042); a catalog under
/// which the property is no longer a title must not leave lists reading that index, which no write keeps current
/// for it any more (P-26).
final class PropertyWordsCatalogTests: XCTestCase {
    func testAPropertyNoLongerATitleIsListedFromTheSharedIndex_P26() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let id = "0190a1b2-0000-7000-8000-00000000000c"
        let time = "2026-01-02T03:04:05.006Z"
        let headlined = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "headline")], edgeTypes: [])
        try await copy.commit([.setCatalog(headlined)])
        let note = Item(
            id: id, type: "core.note", properties: ["title": "Plain", "headline": "alpha"], occurredAt: time,
            createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(note)])
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
}
