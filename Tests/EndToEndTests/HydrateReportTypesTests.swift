import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `HydrateReport.registeredTypes` and `unregisteredTypes` (swift-api.md §1.18, §2 "Declare"; issue 29 "Types
/// before the first fill"): a hydration names the declared types it registered, parents first, and each one the
/// instance refused with its code; a type the instance holds already is neither.
final class HydrateReportTypesTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testAHydrationReportsTheTypesItRegisteredAndTheOnesRefused_P21_Issue29() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        try await copy.declareTypes([
            #"{"id": "acme.recipe.dessert", "parent": "acme.recipe", "fields": {}}"#,
            #"{"id": "acme.recipe", "parent": "core.note", "fields": {"servings": {"type": "integer"}}}"#,
            #"{"id": "acme.orphan", "parent": "acme.missing", "fields": {}}"#,
        ])
        let first = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertEqual(first.registeredTypes, ["acme.recipe", "acme.recipe.dessert"], "parents first")
        XCTAssertEqual(first.unregisteredTypes.map(\.id), ["acme.orphan"])
        XCTAssertEqual(first.unregisteredTypes.first?.code, "type_chain_unresolvable")
        let types = try await copy.catalog.itemTypes().map(\.id)
        XCTAssertTrue(types.contains("acme.recipe.dessert"), "the copy's catalog holds what was registered")
        let second = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertEqual(second.registeredTypes, [], "a type the instance holds is not registered again")
        XCTAssertEqual(second.unregisteredTypes.map(\.id), ["acme.orphan"])
        await copy.close()
    }
}
