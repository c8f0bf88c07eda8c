import Foundation
import XCTest

@testable import MarfaRules

/// `JSONObject` keeps insertion order wherever the spec says properties keep their order (issue 29;
/// swift-api.md 1.20; P-60; Decision 0113): through `init(json:)` and `json()`, the store's binary codec and an
/// item's held properties; its equality is order-sensitive and `Codable` sorts keys on decode.
final class JSONObjectOrderTests: XCTestCase {
    /// Eight names in an order that is neither sorted nor likely to be a hash order by chance.
    private let names = ["title", "zeta", "body", "alpha", "mid", "due", "beta", "rank"]

    private var ordered: JSONObject {
        var object = JSONObject()
        for (position, name) in names.enumerated() { object[name] = .integer(Int64(position)) }
        return object
    }

    private var orderedText: String {
        "{" + names.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
    }

    func testParserAndWriterKeepTheOrderMembersWereWrittenIn_Issue29() throws {
        let parsed = try JSONValue(json: orderedText)
        XCTAssertEqual(parsed.object.map { Array($0.keys) }, names, "init(json:) keeps the text's order")
        XCTAssertEqual(try parsed.json(), orderedText, "json() writes members in their order, not sorted")
        let nested = try JSONValue(json: "{\"outer\":\(orderedText),\"a\":[\(orderedText)]}")
        XCTAssertEqual(try nested.json(), "{\"outer\":\(orderedText),\"a\":[\(orderedText)]}")
        XCTAssertEqual(try JSONValue.object(ordered).json(), orderedText, "an object built in code keeps its order")
    }

    func testEqualityAndHashingAreOrderSensitive_Issue29() {
        let forward: JSONObject = ["a": 1, "b": 2]
        let backward: JSONObject = ["b": 2, "a": 1]
        XCTAssertNotEqual(forward, backward, "swift-api.md 1.20: equality is order-sensitive")
        XCTAssertNotEqual(JSONValue.object(forward), JSONValue.object(backward))
        XCTAssertEqual(forward, ["a": 1, "b": 2])
        XCTAssertEqual(Set([forward, ["a": 1, "b": 2]]).count, 1, "equal objects hash alike")
        var reversed = JSONObject()
        for name in names.reversed() { reversed[name] = ordered[name] }
        XCTAssertNotEqual(reversed, ordered)
    }

    func testCodableSortsKeysOnDecodeWhileInitJSONKeepsThem_Issue29() throws {
        let decoded = try JSONDecoder().decode(JSONObject.self, from: Data(orderedText.utf8))
        XCTAssertEqual(Array(decoded.keys), names.sorted(), "swift-api.md 1.20: Codable sorts keys on decode")
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(orderedText.utf8))
        XCTAssertEqual(value.object.map { Array($0.keys) }, names.sorted())
        XCTAssertEqual(try JSONValue(json: orderedText).object.map { Array($0.keys) }, names)
    }

    func testSubscriptSetKeepsAPlaceAppendsANewKeyAndNilRemoves_Issue29() {
        var object = ordered
        object["body"] = "changed"
        XCTAssertEqual(Array(object.keys), names, "setting an existing key keeps its position")
        XCTAssertEqual(object["body"], "changed")
        object["new"] = true
        XCTAssertEqual(Array(object.keys), names + ["new"], "a new key appends")
        object["zeta"] = nil
        XCTAssertEqual(Array(object.keys), names.filter { $0 != "zeta" } + ["new"], "nil removes, the rest in order")
        XCTAssertNil(object["zeta"])
        XCTAssertEqual(object.removeValue(forKey: "alpha"), 3)
        XCTAssertNil(object.removeValue(forKey: "alpha"))
        XCTAssertEqual(Array(object.keys), ["title", "body", "mid", "due", "beta", "rank", "new"])
        XCTAssertEqual(object["rank"], 7, "lookups still find members after a removal")
        XCTAssertEqual(Array(object.values), [0, "changed", 4, 5, 6, 7, true])
    }

    func testTheStoreCodecWritesAndReadsMembersInTheirOrder_Issue29() throws {
        var writer = ByteWriter()
        writer.write(object: ordered)
        var reader = ByteReader(writer.bytes)
        XCTAssertEqual(Array(try reader.readObject().keys), names)

        let item = Item(
            id: "i1", type: "core.note", properties: ordered, occurredAt: "2026-01-01T00:00:00.000Z",
            createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z")
        XCTAssertEqual(Array(item.properties.keys), names, "an item holds its properties in their order")
        XCTAssertEqual(item.property("beta"), 6, "a member is still found by name")
        XCTAssertNil(item.property("absent"))
        var itemWriter = ByteWriter()
        RowCodec.write(item, into: &itemWriter)
        var itemReader = ByteReader(itemWriter.bytes)
        let read = try RowCodec.readItem(from: &itemReader)
        XCTAssertEqual(Array(read.properties.keys), names, "a store round-trip keeps the order")
        XCTAssertEqual(read, item)
        XCTAssertEqual(read.property("alpha"), 3)
    }
}
