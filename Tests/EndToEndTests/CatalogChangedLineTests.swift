import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// A changed catalog made visible (WC-27, WC-80, device-cli.md "Change line (follow)" and `status`, Decision 0116):
/// a stream that reads a catalog differing from the held one makes `follow` print a `catalog.changed` line with null
/// ids and the Swift API's `changes()` hear `.refreshed(.catalog)`; `status`'s `catalog_version` is a number once a
/// catalog is held and moves when, and only when, a re-read changes it.
final class CatalogChangedLineTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
        _ = try await harness.createItem(type: "core.note", title: "seed")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func hydrate() throws {
        let hydrated = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
    }

    /// Registers `id` under `core.note` on the instance (P-21).
    private func register(_ id: String) async throws {
        let body: JSONValue = ["id": .string(id), "parent": "core.note", "fields": .object([:])]
        let (status, answer) = try await harness.request("POST", "/types", body: body)
        XCTAssertEqual(status, 201, "\(answer)")
    }

    private func catalogVersion() throws -> JSONValue? {
        let status = try harness.device(["status"], server: false)
        XCTAssertEqual(status.status, 0, status.stderr)
        return status.answer?.object?["catalog_version"]
    }

    func testAFollowPrintsACatalogChangedLineWithNullIdsOnlyWhenTheCatalogChanged_WC27_DeviceCLI() async throws {
        try hydrate()
        let unchanged = try harness.follow(for: 3).lines
        XCTAssertEqual(unchanged.count, 0, "witness: a catalog that did not change is not announced: \(unchanged)")
        try await register("acme.recipe")
        let changed = try harness.follow(for: 3).lines
        XCTAssertEqual(changed.count, 1, "\(changed)")
        let line = try XCTUnwrap(changed.first)
        XCTAssertEqual(line["event"], "catalog.changed")
        XCTAssertEqual(line["item_id"], .null)
        XCTAssertEqual(line["edge_id"], .null)
        XCTAssertNotNil(line["cursor"]?.string, "the line carries the cursor held: \(line)")
        XCTAssertEqual(try harness.device(["types", "get", "acme.recipe"], server: false).status, 0)
    }

    func testCatalogVersionIsNullUntilHeldAndMovesOnlyWhenACatchUpReadsAChangedCatalog_WC27_DeviceCLI() async throws {
        let empty = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectNil(try await empty.status().catalogVersion, "no catalog is held before a fill")
        await empty.close()
        XCTAssertEqual(try catalogVersion(), .null, "the device reports null too")
        try hydrate()
        let hydrated = try XCTUnwrap(try catalogVersion()?.integer, "a filled copy reports a catalog version")
        let same = try harness.device(["catch-up"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(try catalogVersion()?.integer, hydrated, "an unchanged catalog keeps its version")
        try await register("acme.recipe")
        let changed = try harness.device(["catch-up"])
        XCTAssertEqual(changed.status, 0, changed.stderr)
        let moved = try XCTUnwrap(try catalogVersion()?.integer)
        XCTAssertNotEqual(moved, hydrated, "a changed catalog moves the version")
    }

    func testTheSwiftFollowTellsRefreshedCatalogWhenAStreamReadsAChangedCatalog_WC80() async throws {
        try hydrate()
        try await register("acme.recipe")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let heard = OriginHeard(.refreshed(.catalog), on: copy.changes())
        let updates = copy.updates().makeAsyncIterator()
        try await eventually(20, "changes() to hear the follow's refreshed catalog") { heard.told }
        expectEqual(try await copy.catalog.itemType("acme.recipe").id, "acme.recipe", "held afterwards")
        _ = updates
        heard.cancel()
        await copy.close()
    }
}
