import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Issue 29, "an accepted retype, tier move or source move expires the copy, as F074 and F091 say": once the instance
/// takes a change of type (seed 000 "Edits", F074) or an edge's source move (seed 000 "Edges, tags and extensions",
/// F091), the copy expires and refuses every read and write until a fill (F029). A tier move does not expire it:
/// seed 000 names only the type change, and P-32's read view does not move with tier.
final class ExpiryAfterMovesTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func expectExpired(_ copy: WorkingCopy, _ id: String) async throws {
        expectEqual(try await copy.status().hydration, .expired)
        do {
            _ = try await copy.items.list()
            XCTFail("an expired copy answered a list")
        } catch MarfaError.copyExpired(let reason, _) {
            XCTAssertEqual(reason, "reach_changed")
        }
        await expectRefused("copy_expired", "a get of an expired copy (F029)") { _ = try await copy.items.get(id) }
        await expectRefused("copy_expired", "a search of an expired copy (F029)") { _ = try await copy.search("a") }
        await expectRefused("copy_expired", "an edit on an expired copy (F029)") {
            _ = try await copy.items.update(id, Edit(properties: ["title": "x"], baseVersion: 2))
        }
        await expectRefused("copy_expired", "a create on an expired copy (F029)") {
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "x"]))
        }
    }

    func testATakenRetypeExpiresTheCopyUntilAFill_F074_F029() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "retyped")
        _ = try await copy.items.update(id, Edit(baseVersion: 1, type: "core.task"))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 1)
        try await expectExpired(copy, id)
        _ = try await copy.hydrate(types: ["core.note", "core.task"], tier: .all)
        let refilled = try await copy.items.get(id)
        XCTAssertEqual(refilled?.type, "core.task", "a fill lifts the expiry")
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectEqual(try await reopened.items.list().completeness, .complete)
        await reopened.close()
    }

    func testTheExpiryIsStoredAndOutlivesAReopen_F029() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "retyped")
        _ = try await copy.items.update(id, Edit(baseVersion: 1, type: "core.task"))
        _ = try await copy.queue.drain()
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        try await expectExpired(reopened, id)
        await reopened.close()
    }

    func testATakenEdgeSourceMoveExpiresTheCopy_F091_F029() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.task"], tier: .all)
        var tasks: [String] = []
        for title in ["project", "other", "task"] {
            let made = try await copy.items.create(Draft(type: "core.task", properties: ["title": .string(title)]))
            tasks.append(try unwrap(made.itemId))
        }
        let edge = try unwrap(try await copy.edges.create(from: tasks[0], to: tasks[2], type: "parent-of").edgeId)
        _ = try await copy.queue.drain()
        expectEqual(try await copy.status().hydration, .complete, "witness: creates and an edge do not expire it")
        let held = try unwrap(try await copy.edges.get(edge))
        _ = try await copy.edges.update(edge, EdgeEdit(baseVersion: held.version, move: .source(tasks[1])))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 1)
        try await expectExpired(copy, tasks[0])
        await expectRefused("copy_expired", "an edge write on an expired copy (F029)") {
            _ = try await copy.edges.create(from: tasks[1], to: tasks[0], type: "parent-of")
        }
        await copy.close()
    }

    func testATakenTierMoveLeavesTheCopyWhole_F074() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "moved")
        _ = try await copy.items.update(id, Edit(baseVersion: 1, tier: .feed))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 1)
        expectEqual(try await copy.status().hydration, .complete)
        let moved = try await copy.items.get(id)
        XCTAssertEqual(moved?.tier, .feed)
        await copy.close()
    }
}
