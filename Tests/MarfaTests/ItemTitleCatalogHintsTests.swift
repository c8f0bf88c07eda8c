import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `Item.title` and `Item.body` read the fields the copy's own catalog names in its display hints, not only the
/// built-in ones (seed 000 "Items", F017): a declared or served custom type's hints name them.
final class ItemTitleCatalogHintsTests: XCTestCase {
    private var store: URL!

    override func setUp() {
        store = freshStore()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }

    private let book = #"{"id": "acme.book", "label": "Book", "display_hints": "#
        + #"{"title_field": "name", "body_field": "summary"}, "#
        + #""fields": {"name": {"type": "string"}, "summary": {"type": "string"}}}"#

    func testTitleAndBodyReadTheHintsOfADeclaredType_F017() async throws {
        let copy = try await WorkingCopy.open(store: store)
        try await copy.declareTypes([book])
        let made = try await copy.items.create(
            Draft(type: "acme.book", properties: ["name": "Dune", "summary": "Spice.", "title": "not the title"]))
        let id = try unwrap(made.itemId)
        let item = try unwrap(try await copy.items.get(id))
        XCTAssertEqual(item.title, "Dune", "F017: the declared type's title_field names the title")
        XCTAssertEqual(item.body, "Spice.", "F017: the declared type's body_field names the body")
        let listed = try await copy.items.list(ListFilters(types: ["acme.book"]))
        XCTAssertEqual(listed.map(\.title), ["Dune"], "a list's items read the same hints")
        let many = try await copy.items.get([id])
        XCTAssertEqual(many.map(\.body), ["Spice."], "so do many ids read at once")
        let hits = try await copy.search("Dune")
        XCTAssertEqual(hits.map(\.item.title), ["Dune"], "and a search hit's item")
        let note = try await copy.items.create(Draft(type: "core.note", properties: ["title": "Plain", "body": "b"]))
        let plain = try unwrap(try await copy.items.get(try unwrap(note.itemId)))
        XCTAssertEqual(plain.title, "Plain", "a built-in type keeps its hints")
        XCTAssertEqual(plain.body, "b")
        await copy.close()
    }
}
