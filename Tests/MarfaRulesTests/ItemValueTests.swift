import Foundation
import XCTest
import MarfaRules

/// `Item` keeps value semantics and its wire form although its fields live in one shared box.
final class ItemValueTests: XCTestCase {
    private func note(version: Int64 = 3) -> Item {
        Item(
            id: "0190a5b2-7c3e-7d41-8a2b-3c4d5e6f7a8b", type: "core.note", properties: ["title": .string("Plan")],
            tier: nil, version: version, sourceId: "n-1", occurredAt: "2024-07-01T12:00:00.000Z",
            createdAt: "2024-07-01T12:00:00.000Z", updatedAt: "2024-07-02T08:30:00.000Z", tags: ["work"])
    }

    func testAChangedCopyLeavesTheOriginalAsItWas() {
        let original = note()
        var copy = original
        copy.properties["title"] = .string("Changed")
        copy.tags.append("home")
        copy.version = 9
        copy.state = .archived
        XCTAssertEqual(original.properties["title"], .string("Plan"))
        XCTAssertEqual(original.tags, ["work"])
        XCTAssertEqual(original.version, 3)
        XCTAssertEqual(original.state, .active)
        XCTAssertEqual(copy.properties["title"], .string("Changed"))
        XCTAssertEqual(copy.tags, ["work", "home"])
        XCTAssertNotEqual(copy, original)
    }

    func testEqualFieldsMakeEqualItemsWithEqualHashes() {
        let first = note()
        let second = note()
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertEqual(Set([first, second]).count, 1)
        XCTAssertNotEqual(first, note(version: 4))
    }

    func testTheWireFormIsSnakeCaseAndLeavesAnAbsentTierOut() throws {
        let item = note()
        let data = try JSONEncoder().encode(item)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(
            Set(object.keys),
            ["id", "type", "properties", "state", "version", "schema_version", "source", "source_id", "occurred_at",
             "created_at", "updated_at", "tags"])
        XCTAssertEqual(object["source_id"] as? String, "n-1")
        XCTAssertEqual(try JSONDecoder().decode(Item.self, from: data), item)
    }
}
