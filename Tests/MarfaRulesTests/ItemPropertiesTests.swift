import XCTest
import MarfaRules

/// `Item` holds its properties in their order in one array (Decisions 0037, 0113), yet reads and writes them as the
/// `JSONObject` its API promises.
final class ItemPropertiesTests: XCTestCase {
    private let members: JSONObject = [
        "title": "Plan", "body": "A longer text than fits in a small string", "priority": 3, "done": false,
        "due": nil, "a property name longer than fifteen bytes": [1, 2], "ünïcödé": ["nested": 1.5],
    ]

    private func item(_ properties: JSONObject) -> Item {
        Item(
            id: "0190a5b2-7c3e-7d41-8a2b-3c4d5e6f7a8b", type: "core.note", properties: properties,
            occurredAt: "2024-07-01T12:00:00.000Z", createdAt: "2024-07-01T12:00:00.000Z",
            updatedAt: "2024-07-01T12:00:00.000Z")
    }

    func testEveryPropertyReadsBackAsGivenWholeAndOneByOne() {
        let held = item(members)
        XCTAssertEqual(held.properties, members)
        for (name, value) in members { XCTAssertEqual(held.property(name), value, name) }
        XCTAssertNil(held.property("absent"))
        XCTAssertNil(held.property(""))
        XCTAssertNil(item([:]).property("title"))
    }

    func testPropertiesAreVisitedByAscendingName() {
        var names: [String] = []
        item(members).forEachProperty { name, value in
            names.append(name)
            XCTAssertEqual(members[name], value)
        }
        XCTAssertEqual(names, members.keys.sorted())
    }

    /// swift-api.md 1.20 (issue 29): equality is order-sensitive, so the order properties were added in is kept and
    /// makes items differ (it did not while items held them sorted).
    func testTheOrderPropertiesWereAddedInIsKeptAndMakesItemsDiffer_Issue29() {
        var reversed = JSONObject()
        for name in members.keys.reversed() { reversed[name] = members[name] }
        XCTAssertNotEqual(item(members), item(reversed))
        XCTAssertEqual(Array(item(reversed).properties.keys), Array(members.keys.reversed()))
        XCTAssertEqual(item(reversed).property("priority"), 3)
        var same = JSONObject()
        for name in members.keys { same[name] = members[name] }
        XCTAssertEqual(item(members), item(same))
        XCTAssertEqual(item(members).hashValue, item(same).hashValue)
        var other = members
        other["priority"] = 4
        XCTAssertNotEqual(item(members), item(other))
        other["priority"] = 3
        other["extra"] = .null
        XCTAssertNotEqual(item(members), item(other))
    }

    func testAPropertyChangedInPlaceIsKeptAndTheOriginalStaysAsItWas() {
        let original = item(members)
        var changed = original
        changed.properties["priority"] = 4
        changed.properties.removeValue(forKey: "done")
        changed.properties["new"] = "value"
        XCTAssertEqual(changed.property("priority"), 4)
        XCTAssertNil(changed.property("done"))
        XCTAssertEqual(changed.property("new"), "value")
        XCTAssertEqual(changed.properties.count, members.count)
        XCTAssertEqual(original.properties, members)
    }
}
