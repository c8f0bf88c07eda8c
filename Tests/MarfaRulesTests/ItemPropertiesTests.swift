import XCTest
import MarfaRules

/// `Item` holds its properties sorted by key in one array (Decision 0037), yet reads and writes them as the
/// dictionary its API promises.
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

    func testTheOrderPropertiesWereAddedInDoesNotMakeItemsDiffer() {
        var reversed = JSONObject()
        for name in members.keys.sorted().reversed() { reversed[name] = members[name] }
        XCTAssertEqual(item(members), item(reversed))
        XCTAssertEqual(item(members).hashValue, item(reversed).hashValue)
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
