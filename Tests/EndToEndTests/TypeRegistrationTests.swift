import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Types before the first fill (issue 29; swift-api.md §2 "Declare"; P-21): the reference instance registers types
/// with `POST /types`, a hydration registers the app's declared types the instance lacks, parents first, and a
/// create of a declared custom type queued before the first hydration is accepted once it is registered.
final class TypeRegistrationTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private let recipe = #"{"id": "acme.recipe", "parent": "core.note", "fields": {"servings": {"type": "integer"}}}"#
    private let dessert = #"{"id": "acme.recipe.dessert", "parent": "acme.recipe", "fields": {}}"#

    func testTheInstanceRegistersATypeAndRefusesWhatP21Refuses_P21_Issue29() async throws {
        let body: JSONValue = ["id": "acme.recipe", "parent": "core.note", "fields": ["servings": ["type": "integer"]]]
        let (created, answer) = try await harness.request("POST", "/types", body: body)
        XCTAssertEqual(created, 201, "\(answer)")
        XCTAssertEqual(answer.object?["type"]?.object?["label"], "Recipe", "a label derived from the id")
        let (_, listed) = try await harness.request("GET", "/types")
        let ids = listed.object?["data"]?.array?.compactMap { $0.object?["id"]?.string } ?? []
        XCTAssertTrue(ids.contains("acme.recipe"), "\(ids)")
        let (read, resolved) = try await harness.request("GET", "/types/acme.recipe")
        XCTAssertEqual(read, 200)
        XCTAssertNotNil(resolved.object?["fields"]?.object?["title"], "fields resolved through core.note")
        let refusals: [(JSONValue, Int, String)] = [
            (body, 409, "type_already_exists"),
            (["id": "core.mine", "fields": [:]], 403, "forbidden"),
            (["id": "Not A Type", "fields": [:]], 400, "validation_error"),
            (["id": "acme.bare"], 400, "missing_required_field"),
            (["id": "acme.orphan", "parent": "acme.missing", "fields": [:]], 409, "type_chain_unresolvable"),
        ]
        for (refused, status, code) in refusals {
            let (got, error) = try await harness.request("POST", "/types", body: refused)
            XCTAssertEqual(got, status, "\(refused): \(error)")
            XCTAssertEqual(error.object?["error"]?.object?["code"]?.string, code, "\(refused)")
        }
        let (madeItem, item) = try await harness.request(
            "POST", "/items",
            body: ["type": "acme.recipe", "properties": ["title": "Soup", "body": "Warm.", "servings": 4]])
        XCTAssertEqual(madeItem, 201, "a registered type validates items: \(item)")
        try await harness.restart()
        let (_, again) = try await harness.request("GET", "/types/acme.recipe")
        XCTAssertEqual(again.object?["id"], "acme.recipe", "the registration survives a restart: \(again)")
    }

    func testACreateOfADeclaredTypeBeforeTheFirstFillIsAcceptedOnceHydrationRegistersIt_Issue29() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        try await copy.declareTypes([dessert, recipe])
        let soup: JSONObject = ["title": "Soup", "body": "Warm.", "servings": 4]
        let made = try await copy.items.create(Draft(type: "acme.recipe", properties: soup))
        let id = try XCTUnwrap(made.itemId)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted], "\(report)")
        let (status, held) = try await harness.request("GET", "/items/\(report.verdicts.first?.itemId ?? id)")
        XCTAssertEqual(status, 200, "\(held)")
        XCTAssertEqual(held.object?["item"]?.object?["type"], "acme.recipe")
        await copy.close()
    }
}
