import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Types declared before the first fill (swift-api.md §2 "Declare", issue 29 "Types before the first fill"): a
/// create of a declared custom type works offline, the declarations are kept normalized and survive a reopen, and a
/// new declaration set replaces the old one.
final class DeclaredTypesTests: XCTestCase {
    private var store: URL!

    override func setUp() {
        store = freshStore()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }

    private let recipe = #"{"id": "acme.recipe", "parent": "core.note", "label": "Recipe", "#
        + #""fields": {"servings": {"type": "integer"}}}"#

    func testADeclaredTypeCanBeCreatedBeforeTheFirstFillAndSurvivesAReopen_WC27() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let draft = Draft(type: "acme.recipe", properties: ["title": "Soup", "servings": 4])
        await expectRefused("unknown_type", "an undeclared custom type") { try await copy.items.create(draft) }
        let changes = copy.changes()
        try await copy.declareTypes([recipe])
        var heard = changes.makeAsyncIterator()
        let change = await heard.next()
        XCTAssertEqual(change?.origin, .refreshed(.catalog), "declaring tells changes() the catalog changed")

        let made = try await copy.items.create(draft)
        let id = try unwrap(made.itemId)
        expectEqual(try await copy.items.get(id)?.title, "Soup", "the declared type inherits core.note's hints")
        let listed = try await copy.items.list(ListFilters(types: ["core.note"])).map(\.id)
        XCTAssertEqual(listed, [id], "a declared subtype lists under its parent")
        let declared = try await copy.declaredTypes()
        XCTAssertEqual(declared.count, 1)
        let normalized = try JSONValue(json: try XCTUnwrap(declared.first))
        XCTAssertEqual(normalized.object?["id"], "acme.recipe")
        let text = try XCTUnwrap(declared.first)
        let order = ["\"compatible_with\"", "\"fields\"", "\"id\"", "\"label\"", "\"parent\""].compactMap {
            text.range(of: $0)?.lowerBound
        }
        XCTAssertEqual(order.count, 5, text)
        XCTAssertEqual(order, order.sorted(), "normalized: keys sorted: \(text)")
        await copy.close()

        let reopened = try await WorkingCopy.open(store: store)
        expectEqual(try await reopened.declaredTypes(), declared, "the declarations survive a reopen")
        try await reopened.items.create(Draft(type: "acme.recipe", properties: ["title": "Stew"]))
        try await reopened.declareTypes([])
        expectEqual(try await reopened.declaredTypes(), [], "a declaration set replaces the whole set")
        await expectRefused("unknown_type", "a type no longer declared") {
            try await reopened.items.create(Draft(type: "acme.recipe"))
        }
        await reopened.close()
    }

    func testADeclarationThatIsNoTypeIsRefused_WC27() async throws {
        let copy = try await WorkingCopy.open(store: store)
        await expectRefused("validation_error", "text that is not JSON") { try await copy.declareTypes(["{"]) }
        await expectRefused("validation_error", "an id outside the grammar") {
            try await copy.declareTypes([#"{"id": "Not A Type"}"#])
        }
        await expectRefused("validation_error", "a type declared twice") {
            try await copy.declareTypes([#"{"id": "acme.a"}"#, #"{"id": "acme.a"}"#])
        }
        await expectRefused("forbidden", "a core type") { try await copy.declareTypes([#"{"id": "core.mine"}"#]) }
        expectEqual(try await copy.declaredTypes(), [], "a refused set leaves the declarations as they were")
        await copy.close()
    }
}
