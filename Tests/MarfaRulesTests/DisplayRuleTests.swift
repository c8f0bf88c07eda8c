import XCTest

@testable import MarfaRules

final class DisplayRuleTests: XCTestCase {
    private let catalog = BuiltInCatalog.snapshot

    private func display(_ type: String, _ properties: JSONObject, id: String? = "i1") -> ItemDisplay {
        DisplayRule.display(of: ItemDisplayInput(type: type, properties: properties, id: id), catalog: catalog)
    }

    private func item(_ type: String, _ properties: JSONObject) -> Item {
        Item(
            id: "0190a000-0000-7000-8000-000000000001", type: type, properties: properties,
            occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z",
            updatedAt: "2026-01-01T00:00:00.000Z")
    }

    func testUntitledItemsHaveNoName_F093() {
        let untitled: [JSONObject] = [[:], ["title": ""], ["title": "  \n\t "], ["title": 42], ["title": nil]]
        for properties in untitled {
            XCTAssertNil(display("core.note", properties).name, "\(properties)")
        }
        XCTAssertEqual(display("core.note", ["title": "  Reading\n  list "]).name, "Reading list")
        XCTAssertEqual(display("core.entity.person", ["name": "Ada"]).name, "Ada")
        XCTAssertNil(display("core.message", ["body": "hi", "title": "ignored"]).name, "a message names no title")
    }

    func testThePreviewReadsTheBodyFieldTheHintsName_F093() {
        XCTAssertEqual(display("core.event", ["title": "Talk", "description": "In **hall** B"]).preview, "In hall B")
        XCTAssertNil(display("core.event", ["title": "Talk", "body": "not the body field"]).preview)
        XCTAssertEqual(display("core.highlight", ["text": "quote", "note": "_mine_"]).preview, "mine")
        XCTAssertNil(display("core.file", ["title": "a.pdf", "body": "files have no body field"]).preview)
        XCTAssertNil(display("core.note", ["body": "   "]).preview)
        XCTAssertNil(display("core.note", ["body": ["not", "text"]]).preview)
        XCTAssertEqual(display("app.unknown.type", ["title": "T", "body": "B"]), ItemDisplay(id: "i1", name: "T",
                                                                                              preview: "B"))
        XCTAssertNil(display("core.note", ["title": "x"], id: nil).id)
    }

    func testAPreviewHoldsAtMost240CharactersAndEndsInAnEllipsisWhenCut_F093() {
        let exact = String(repeating: "a", count: 240)
        XCTAssertEqual(DisplayRule.cut(exact), exact)
        let long = String(repeating: "a", count: 300)
        let cut = DisplayRule.cut(long)
        XCTAssertEqual(cut.count, 240)
        XCTAssertEqual(cut, String(repeating: "a", count: 239) + "…")
        let words = String(repeating: "word ", count: 100)
        let cutWords = DisplayRule.preview(words) ?? ""
        XCTAssertTrue(cutWords.hasSuffix("word…"), "no space is left before the ellipsis")
        XCTAssertLessThanOrEqual(cutWords.count, 240)
    }

    func testAPreviewIsCutOnGraphemeBoundaries_F093() {
        let family = "👩‍👩‍👧‍👦"
        let accented = "e\u{301}"
        let body = String(repeating: family, count: 200) + String(repeating: accented, count: 100)
        let preview = DisplayRule.preview(body) ?? ""
        XCTAssertEqual(preview.count, 240)
        XCTAssertEqual(preview.last, "…")
        XCTAssertEqual(String(preview.dropLast()), String(repeating: family, count: 200) + String(repeating: accented,
                                                                                                    count: 39))
        let flags = String(repeating: "🇳🇱", count: 241)
        XCTAssertEqual(DisplayRule.preview(flags), String(repeating: "🇳🇱", count: 239) + "…")
    }

    func testItemTitleAndBodyReadThroughTheHints_F017() {
        let event = item("core.event", ["title": "Launch", "description": "Details", "body": "other"])
        XCTAssertEqual(event.title, "Launch")
        XCTAssertEqual(event.body, "Details")
        let note = item("core.note", ["title": "  Raw  ", "body": "Text"])
        XCTAssertEqual(note.title, "  Raw  ", "the title is read as held")
        XCTAssertNil(item("core.message", ["title": "x", "body": "hi"]).title)
        XCTAssertNil(item("core.note", ["title": 5]).title)
        XCTAssertEqual(item("app.unknown.type", ["title": "T", "body": "B"]).body, "B")
    }

    func testUnreadablePropertiesExplainsEmptyPropertiesOfATypeThatRequiresSome_F018() {
        XCTAssertNil(item("core.note", ["body": "x"]).unreadableProperties)
        XCTAssertNil(item("core.bookmark", [:]).unreadableProperties, "a bookmark may hold nothing")
        XCTAssertNil(item("app.unknown.type", [:]).unreadableProperties)
        let reason = item("core.file.image", [:]).unreadableProperties ?? ""
        XCTAssertTrue(reason.contains("blob_ref, mime_type"), reason)
        XCTAssertTrue(reason.contains("core.file.image"), reason)
    }
}
