import Foundation
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// V-20 and V-21 in full through the Swift API (issue 29, "Smaller rules from the pages"), against the reference
/// instance: a lower base of 0 is refused, a retype is checked against the catalog, and a row the answer moves outside
/// the slice is evicted. Issue 28 points 7 to 9 test the same rules through the device command line.
final class EditRulesSwiftAPITests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws { harness = try await InstanceHarness() }
    override func tearDown() async throws { await harness?.shutdown() }

    /// The code a refused edit throws, or nil when it was queued.
    private func refusal(_ edit: () async throws -> QueuedWrite) async -> String? {
        do {
            _ = try await edit()
            return nil
        } catch let error as MarfaError {
            return error.code()
        } catch {
            return "\(error)"
        }
    }

    func testALowerBaseOfZeroIsRefusedEvenAsRead_V20_Issue29() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "at two"]])
        XCTAssertEqual(status, 200)
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.version, 2, "witness: the copy holds version 2")
        let zero = await refusal {
            try await copy.items.updateAsRead(id, Edit(properties: ["title": "z"], baseVersion: 0))
        }
        XCTAssertEqual(zero, "invalid", "V-20: a lower base must be above 0")
        expectEqual(try await copy.queue.all(), [], "nothing is queued")
        let read = try await copy.items.updateAsRead(id, Edit(properties: ["title": "r"], baseVersion: 1))
        XCTAssertEqual(read.baseVersion, 1, "witness: an earlier read above 0 is queued on that read")
        await copy.close()
    }

    func testARetypeIsCheckedAgainstTheCatalog_V21_Issue29() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let unknown = await refusal {
            try await copy.items.update(id, Edit(baseVersion: 1, type: "acme.nothing"))
        }
        XCTAssertEqual(unknown, "unknown_type", "V-21: a type the catalog lacks is refused before queueing")
        expectEqual(try await copy.queue.all(), [], "nothing is queued")
        let held = try await copy.items.update(id, Edit(baseVersion: 1, type: "core.task"))
        XCTAssertEqual(held.body["type"], "core.task", "witness: a type the catalog holds is queued")
        await copy.close()
    }

    /// V-21 through the Swift API. A tier move is the move F074 leaves whole (an accepted retype expires the copy
    /// instead, `ExpiryAfterMovesTests`, Decision 0110), so the eviction is seen on a library slice.
    func testARowTheAnswerMovesOutsideTheSliceIsEvicted_V21_Issue29() async throws {
        let id = try await harness.createItem(type: "core.note", title: "shared")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        expectEqual(try await copy.items.get(id)?.tier, .library, "witness: the row is held in the library slice")
        _ = try await copy.items.update(id, Edit(baseVersion: 1, tier: .feed))
        expectEqual(try await copy.items.get(id)?.tier, .feed, "the move shows while it waits")
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted], "witness: the tier move was taken")
        expectEqual(try await copy.items.get(id), nil, "V-21: the answer put the row outside the slice")
        await copy.close()
    }
}
