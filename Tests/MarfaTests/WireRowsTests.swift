import XCTest
@testable import Marfa
@testable import MarfaRules

/// A page of `GET /items` read straight from its bytes (P-22, P-55, P-56, P-58) holds what the page read as a tree
/// and then as items holds.
final class WireRowsTests: XCTestCase {
    private let first = "0195a1b2-0000-7000-8000-000000000001"
    private let second = "0195a1b2-0000-7000-8000-000000000002"

    func testAPageReadFromItsBytesHoldsWhatTheTreeHolds_P55_P56_P58() throws {
        let wrapped: JSONValue = [
            "item": [
                "id": .string(first), "type": "core.note", "properties": ["title": "T", "body": "a\"b\\c é"],
                "state": "archived", "tier": "feed", "version": 3, "schema_version": 2, "source": "operator",
                "source_id": "ext", "occurred_at": "2024-01-02T00:00:00.000Z", "created_at": "2024-01-01T00:00:00.000Z",
                "updated_at": "2024-01-03T00:00:00.000Z", "tags": ["stale"], "unknown": [1, ["x": nil]],
                "edges": ["about": ["data": [], "next_cursor": "c1"]],
            ],
            "metadata": ["item_id": .string(first), "tags": ["b", "a"], "extensions": ["acme": ["n": 1], "bad": 2]],
        ]
        let bare: JSONValue = [
            "id": .string(second), "type": "core.task", "created_at": "2024-01-01T00:00:00.000Z", "properties": [:],
        ]
        let page: JSONValue = ["data": [wrapped, bare], "next_cursor": "n"]
        let rows = try WireRows.itemPage(try page.jsonBytes(), path: "/items")
        XCTAssertEqual(rows.count, 2)
        var expected = try Item(json: wrapped.object?["item"] ?? nil)
        expected.tags = ["b", "a"]
        XCTAssertEqual(rows[0].item, expected, "the metadata's tags replace the item's")
        XCTAssertEqual(rows[0].extensions, ["acme": ["n": 1]], "an extension that is not an object is dropped")
        XCTAssertEqual(rows[0].edgeBlocks, ["about": ["data": [], "next_cursor": "c1"]])
        XCTAssertEqual(rows[1].item, try Item(json: bare), "a bare row is the item itself")
        XCTAssertEqual(rows[1].item.state, .active)
        XCTAssertEqual(rows[1].item.updatedAt, "2024-01-01T00:00:00.000Z")
    }

    func testAMalformedPageOrRowIsADecodingError_P12() throws {
        let refusals: [(String, String)] = [
            (#"{"data":[{"item":{"id":"x","id":"y"}}],"next_cursor":null}"#, "not JSON"),
            (#"{"data":[],"next_cursor":null"#, "not JSON"),
            (#"{"next_cursor":null}"#, "did not answer a page of data"),
            (#"[]"#, "did not answer a page of data"),
            (#"{"data":[{"item":3}]}"#, "a listed row is not an item"),
            (#"{"data":[7]}"#, "a listed row is not an item"),
            (#"{"data":[{"item":{"id":"X","type":"core.note","created_at":"t"}}]}"#, "lowercase UUID"),
            (#"{"data":[{"item":{"type":"core.note","created_at":"t"}}]}"#, "needs id, type and created_at"),
        ]
        for (text, message) in refusals {
            XCTAssertThrowsError(try WireRows.itemPage(Array(text.utf8), path: "/items"), text) { error in
                XCTAssertEqual((error as? MarfaError)?.code(), "decoding", text)
                XCTAssertTrue("\(error)".contains(message), "\(text): \(error)")
            }
        }
        let witness = #"{"data":[{"item":{"id":"\#(first)","type":"core.note","created_at":"t"}}],"next_cursor":null}"#
        XCTAssertEqual(try WireRows.itemPage(Array(witness.utf8), path: "/items").first?.item.id, first)
    }
}
