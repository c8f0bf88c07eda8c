import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// What `settleLanded` leaves the copy showing. Found by a second independent review of the drain.
final class LandingSettlementTests: XCTestCase {
    private let landed = "0190a1b2-0000-7000-8000-0000000000aa"
    private let time = "2026-01-02T03:04:05.006Z"

    /// After a `version_conflict` on a row the copy holds, `DrainPass.land` reads nothing and passes `row: nil`;
    /// the tag add moved onto the landed row is laid over the row the copy holds.
    func testATagAddMovedOntoAHeldLandedRowIsShown_Q48_Q12() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let held = Item(
            id: landed, type: "core.note", properties: ["title": "already there"], version: 2,
            sourceId: "file-9", occurredAt: time, createdAt: time, updatedAt: time)
        try await copy.commit([.putItem(held)])
        let create = try await copy.create(
            Draft(type: "core.note", properties: ["title": "mine"], sourceId: "file-9", baseVersion: 1))
        let minted = try XCTUnwrap(create.itemId)
        let tag = try await copy.metadataWrite { planner throws(MarfaError) in try planner.addTag("t", to: minted) }
        let shownBefore = await copy.state.items[minted]?.tags
        XCTAssertEqual(shownBefore, ["t"], "witness: the tag shows on the minted row while it waits")

        let (_, refused) = try await copy.settleLanded(
            create.id, on: landed, row: nil, refusal: Refusal(reason: "version_conflict", code: "version_conflict"),
            answer: "{}")
        XCTAssertEqual(refused, [], "witness: a tag add is not refused")
        let moved = try await copy.queuedWrite(tag.id)
        XCTAssertNil(moved.verdict, "witness: the tag add waits, moved onto the landed row")
        XCTAssertEqual(moved.itemId, landed)
        let shown = await copy.state.items[landed]
        XCTAssertEqual(shown?.tags, ["t"], "Q-12: the waiting tag add is laid over the row the copy shows")
        await copy.close()
    }
}
