import Foundation
import MarfaInstance
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// A row read back outside the slice under a refused retype goes unless pinned (issue 29, "V-20 and V-21 in full";
/// V-21: "If the answer or read-back puts the row outside the slice, the row goes unless pinned"), through the Swift
/// API against the reference instance behind a scripted front. `MoveOutOfSliceTests` covers the answered move.
final class RefusedMoveReadBackTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws { harness = try await InstanceHarness(front: front) }
    override func tearDown() async throws { await harness?.shutdown() }

    /// A copy holding the library's notes with a retype of one waiting; another writer then moves that note to the
    /// feed, and the instance refuses the retype, so the read-back finds the note outside the slice.
    private func refusedMove(pinned: Bool) async throws -> (WorkingCopy, String) {
        let id = try await harness.createItem(type: "core.note", title: "moving")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        expectEqual(try await copy.items.get(id)?.tier, .library, "witness: the note is held, in the library")
        if pinned { _ = try await copy.pin(id) }
        _ = try await copy.items.update(id, Edit(baseVersion: 1, type: "core.task"))
        let (moved, _) = try await harness.request("PATCH", "/items/\(id)", body: ["version": 1, "tier": "feed"])
        XCTAssertEqual(moved, 200)
        front.script { request, _ in
            guard request.method == "PATCH", request.path == "/items/\(id)" else { return nil }
            return ScriptedFront.refusal(400, "invalid_properties", "a task needs more")
        }
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first?.verdict else {
            XCTFail("witness: the retype is refused: \(report.verdicts)")
            return (copy, id)
        }
        return (copy, id)
    }

    func testARowReadBackOutsideTheSliceUnderARefusedMoveGoes_V21_Issue29() async throws {
        let (copy, id) = try await refusedMove(pinned: false)
        expectEqual(try await copy.items.get(id), nil, "the read-back put the row outside the slice")
        await copy.close()
    }

    func testAPinnedRowReadBackOutsideTheSliceStays_V21_Issue29() async throws {
        let (copy, id) = try await refusedMove(pinned: true)
        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.tier, .feed, "a pinned row stays, as the instance holds it")
        XCTAssertEqual(row?.type, "core.note", "the refused retype no longer shows")
        await copy.close()
    }

    /// V-21: "The move shows while it waits, over catch-ups and earlier answers."
    func testAWaitingMoveShowsOverACatchUp_V21_Issue29() async throws {
        let id = try await harness.createItem(type: "core.note", title: "moving")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .library)
        _ = try await copy.items.update(id, Edit(baseVersion: 1, type: "core.task"))
        let (changed, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "theirs"]])
        XCTAssertEqual(changed, 200)
        _ = try await copy.catchUp()
        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.version, 2, "witness: the catch-up brought the other writer's change")
        XCTAssertEqual(row?.properties["title"], "theirs")
        XCTAssertEqual(row?.type, "core.task", "the waiting retype still shows")
        await copy.close()
    }
}
