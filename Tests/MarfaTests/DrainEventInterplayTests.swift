import Foundation
@testable import Marfa
@testable import MarfaEngine
import MarfaRules
import XCTest

/// Owed read-backs and moved writes as events arrive: a stale event leaves a read owed, and a
/// write moved onto a landed row is a write on that row at once. Found by a third independent review of the drain.
final class DrainEventInterplayTests: XCTestCase {
    private let time = "2026-01-02T03:04:05.006Z"

    private func store(_ name: String = #function) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("drain-events-\(name.filter(\.isLetter))-\(UUID().uuidString)")
            .appendingPathComponent("copy.marfa")
    }

    /// A stale item event (older than the row held) brings no row the copy shows, yet it clears the owed mark:
    /// the copy keeps showing the refused edit and no drain will read the row back.
    func testAStaleEventForAnOwedRowLeavesItOwed_Q42() async throws {
        let url = store()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let id = "0190a1b2-0000-7000-8000-0000000000bb"
        let v3 = Item(
            id: id, type: "core.note", properties: ["title": "theirs v3"], version: 3,
            occurredAt: time, createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(v3)])
        let edit = try await copy.update(id, Edit(properties: ["title": "mine"], baseVersion: 3), asRead: false)
        try await copy.markSent(edit.id)
        _ = try await copy.settle(
            edit.id, .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"), readBack: false),
            answer: nil)
        let owedBefore = await copy.state.owedReadBacks
        XCTAssertEqual(owedBefore, [id], "witness: owed")

        // A catch-up meets the event of v2 (from before the copy adopted v3); the stream then drops.
        var v2 = v3
        v2.version = 2
        v2.properties = ["title": "theirs v2"]
        let skipped = try await apply(.item(.itemUpdated, v2, nil), cursor: 7, to: copy)
        XCTAssertTrue(skipped, "witness: stale")
        let title = await copy.state.items[id]?.properties["title"]
        XCTAssertEqual(title, "mine", "witness: the refused edit still shows")
        let owedAfter = await copy.state.owedReadBacks
        XCTAssertEqual(owedAfter, [id], "Q-42: no server row was shown, so the read is still owed")
        await copy.close()
    }

    /// A keyed create landing moves a waiting tag add onto the landed row with `putQueuedWrite`, which does
    /// not move the write in `queueIdsByItem`: live, `queuedWrites(onItem: landed)` misses it (a reopened copy
    /// finds it), so the next event for the landed row does not lay the tag add over.
    func testAWriteMovedOntoTheLandedRowIsFoundOnThatRow_Q48_Q12() async throws {
        let url = store()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let landed = "0190a1b2-0000-7000-8000-0000000000aa"
        let copy = try await CopyActor.open(at: url, origin: nil)
        let held = Item(
            id: landed, type: "core.note", properties: ["title": "already there"], version: 2,
            sourceId: "file-9", occurredAt: time, createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(held), .setSlice(Slice(types: ["core.note"], tier: .all, edgeTypes: []))])
        let create = try await copy.create(
            Draft(type: "core.note", properties: ["title": "mine"], sourceId: "file-9", baseVersion: 1))
        let minted = try XCTUnwrap(create.itemId)
        let tag = try await copy.metadataWrite { planner throws(MarfaError) in try planner.addTag("t", to: minted) }
        _ = try await copy.settleLanded(
            create.id, on: landed, row: nil, refusal: Refusal(reason: "version_conflict", code: "version_conflict"),
            answer: "{}")
        let onRow = await copy.state.queuedWrites(onItem: landed).map(\.id)
        XCTAssertTrue(onRow.contains(tag.id), "the moved tag add is a write on the landed row")

        var v3 = held
        v3.version = 3
        v3.tags = ["x"]
        _ = try await apply(.item(.itemUpdated, v3, nil), cursor: 9, to: copy)
        let tags = await copy.state.items[landed]?.tags
        XCTAssertEqual(tags.map(Set.init), ["x", "t"], "Q-12: the waiting tag add is laid over the event's row")
        try await copy.checkpoint()
        await copy.close()
        let reopened = try await CopyActor.open(at: url, origin: nil)
        let reopenedOnRow = await reopened.state.queuedWrites(onItem: landed).map(\.id)
        XCTAssertTrue(reopenedOnRow.contains(tag.id), "witness: a reopened copy finds it")
        await reopened.close()
    }

    /// Hands `event` to the engine as the catch-up does, and waits until it is durable; answers whether it was
    /// skipped as stale.
    private func apply(_ event: LogEvent, cursor: Int64, to copy: CopyActor) async throws -> Bool {
        let id = try XCTUnwrap(EventID(cursor)).description
        let staging = try await copy.stageEvent(event, cursor: id, enteringEdges: [], origin: .housekeeping)
        guard case .staged(let commit, let skipped) = staging else {
            XCTFail("the event asked for edges")
            return false
        }
        try await copy.settle(commit.map { [$0] } ?? [])
        return skipped
    }
}
