import Foundation
import Marfa
import MarfaLocks
import MarfaTestSupport
import XCTest

/// Issue 29, "Progress and sync time": `FillProgress.fraction` is known, from the instance's count (`GET /items/stats`,
/// P-27), and a refill reports its fill (seed 003 "Updates", F112, F129; Decision 0109).
final class FillProgressTests: FrontedInstanceCase {

    /// Every update `copy` tells from now on, gathered in the background until the copy closes.
    private func gatherUpdates(_ copy: WorkingCopy) -> LockedValue<[CopyUpdate]> {
        let seen = LockedValue<[CopyUpdate]>([])
        let updates = copy.updates()
        Task {
            for await update in updates { seen.withLock { $0.append(update) } }
        }
        return seen
    }

    func testTheStatsDoorCountsAListingsRowsByState_P27() async throws {
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "note \(number)") }
        let binned = try await harness.createItem(type: "core.note", title: "binned")
        try await harness.request("DELETE", "/items/\(binned)?version=1", body: [:])
        _ = try await harness.createItem(type: "core.bookmark", title: "mark")
        let (status, counts) = try await harness.request("GET", "/items/stats?type=core.note&tier=all")
        XCTAssertEqual(status, 200, "\(counts)")
        XCTAssertEqual(counts, ["active": 3, "archived": 0, "trashed": 1, "revoked": 0])
        let (refused, answer) = try await harness.request("GET", "/items/stats?type=no.such")
        XCTAssertEqual(refused, 400)
        XCTAssertEqual(answer.object?["error"]?.object?["code"], "unknown_type")
    }

    func testAHydrationTellsItsFractionFromTheInstancesCount_F112() async throws {
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "note \(number)") }
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let seen = gatherUpdates(copy)
        // The edge page after the item page is held, so the fill's progress is the update waiting.
        let edges = front.hold("GET /edges")
        let fill = Task { try await copy.hydrate(types: ["core.note"], tier: .all, edgeTypes: ["references"]) }
        try await eventually(20, "an update telling the fill") { seen.withLock { $0.contains { $0.fill != nil } } }
        let progress = try unwrap(seen.withLock { $0.compactMap(\.fill).last })
        XCTAssertEqual(progress.listed, 3)
        XCTAssertEqual(progress.expected, 3, "the instance's count of the slice, every state")
        XCTAssertEqual(progress.fraction, 1)
        edges.open()
        _ = try await fill.value
        await copy.close()
    }

    func testARefillTellsItsFill_F112_F129() async throws {
        _ = try await harness.createItem(type: "core.note", title: "first")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all, edgeTypes: ["references"])
        try await writeNotesPastTheLog(of: copy)
        // The refill's edge page, after its item page, is held, so its progress is the update waiting.
        let edges = front.hold("GET /edges")
        let seen = gatherUpdates(copy)
        // The follow finds its cursor gone and refills in place (F129), telling its fill as it goes.
        try await eventually(30, "the follow's refill to tell its fill") {
            seen.withLock { $0.contains { $0.fill != nil } }
        }
        edges.open()
        let progress = try unwrap(seen.withLock { $0.compactMap(\.fill).last })
        XCTAssertEqual(progress.expected, 4)
        XCTAssertEqual(progress.fraction, 1)
        try await eventually(30, "the refill to end") { seen.withLock { $0.last?.connection == .following } }
        XCTAssertNil(seen.withLock { $0.last?.fill }, "no fill is told once the refill ended")
        await copy.close()
    }
}
