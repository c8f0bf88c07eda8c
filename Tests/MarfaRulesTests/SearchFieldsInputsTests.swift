import XCTest

@testable import MarfaRules

/// `SearchFields.haveSameInputs` is the shortcut a write takes to leave the text indexes alone: it may say "not
/// sure" for equal fields, never "same" for different ones.
final class SearchFieldsInputsTests: XCTestCase {
    private func note(_ properties: JSONObject, tags: [String] = ["a"], type: String = "core.note") -> Item {
        let time = "2026-01-01T00:00:00.000Z"
        return Item(
            id: "n", type: type, properties: properties, occurredAt: time, createdAt: time, updatedAt: time, tags: tags)
    }

    private let base: JSONObject = ["title": .string("Plan"), "body": .string("first line"), "pinned": .bool(false)]

    func testAChangedNumberOrBooleanKeepsTheInputsAndTheFields_P78() {
        var edited = base
        edited["pinned"] = .bool(true)
        edited["rank"] = .integer(3)
        XCTAssertTrue(SearchFields.haveSameInputs(note(base), note(edited)))
        XCTAssertEqual(SearchFields.of(note(base), titleField: "title"), SearchFields.of(note(edited), titleField: "title"))
    }

    func testChangedTextTagsOrTypeAreNotTheSame_P78() {
        var retitled = base
        retitled["title"] = .string("Plan B")
        var added = base
        added["summary"] = .string("new text")
        var removed = base
        removed["body"] = nil
        XCTAssertTrue(SearchFields.haveSameInputs(note(base), note(base)), "witness: equal items are the same")
        for (name, other) in [
            ("title", note(retitled)), ("new text property", note(added)), ("text property removed", note(removed)),
            ("tags", note(base, tags: ["a", "b"])), ("type", note(base, type: "core.task")),
        ] {
            XCTAssertFalse(SearchFields.haveSameInputs(note(base), other), name)
            XCTAssertFalse(SearchFields.haveSameInputs(other, note(base)), "\(name), the other way")
        }
    }

    func testSameInputsAlwaysMeanSameFieldsOnSeededEdits_P78() {
        var random = SplitMixRandom(seed: 7)
        let values: [JSONValue] = [.string("x"), .string("y z"), .integer(1), .bool(true), .null]
        let names = ["title", "body", "status", "thumbnail", "rank"]
        var same = 0
        for _ in 0..<2000 {
            func draw() -> Item {
                var properties: JSONObject = [:]
                for name in names where random.next() % 3 != 0 { properties[name] = values[Int(random.next() % 5)] }
                return note(properties, tags: random.next() % 4 == 0 ? ["b"] : ["a"])
            }
            let (left, right) = (draw(), draw())
            guard SearchFields.haveSameInputs(left, right) else { continue }
            same += 1
            XCTAssertEqual(SearchFields.of(left, titleField: "title"), SearchFields.of(right, titleField: "title"))
        }
        XCTAssertGreaterThan(same, 0, "witness: some drawn pairs had the same inputs")
    }
}
