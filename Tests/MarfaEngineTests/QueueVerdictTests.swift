import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

final class QueueVerdictTests: XCTestCase {
    private func openCopy() async throws -> (CopyActor, URL) {
        let url = temporaryStore()
        return (try await CopyActor.open(at: url, origin: nil), url)
    }

    func testARefusedWriteNothingWaitsOnIsDiscardedAndTheCopyKeepsItsRow_Q36() async throws {
        let (copy, url) = try await openCopy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let create = try await copy.create(Draft(type: "core.note", properties: ["title": "t"]))
        let tag = try await copy.metadataWrite { planner throws(MarfaError) in
            try planner.addTag("x", to: create.itemId ?? "")
        }
        var refused = create
        refused.verdict = .refused(Refusal(reason: "validation", code: "invalid_properties"))
        try await copy.commit([.putQueuedWrite(refused)])
        let blockedByTag = try await copy.discard(create.id)
        XCTAssertFalse(blockedByTag, "witness: a refused write another write waits on is kept")
        try await copy.commit([.removeQueuedWrite(id: tag.id)])
        let discarded = try await copy.discard(create.id)
        XCTAssertTrue(discarded)
        let state = await copy.state
        XCTAssertTrue(state.queue.isEmpty)
        XCTAssertNotNil(state.items[create.itemId ?? ""], "a discard does not change the copy")
        await copy.close()
    }

    func testAWithdrawResetsTheRowToTheServersWithTheOtherWritesLaidOver_Q35() async throws {
        let (copy, url) = try await openCopy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let server = Item(
            id: ItemID.make(), type: "core.note", properties: ["title": "server"], version: 3, source: "s",
            occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z",
            updatedAt: "2026-01-01T00:00:00.000Z")
        try await copy.commit([.putItem(server)])
        var edit = try await copy.update(server.id, Edit(properties: ["title": "mine"], baseVersion: 3), asRead: false)
        _ = try await copy.metadataWrite { planner throws(MarfaError) in try planner.addTag("kept", to: server.id) }
        do {
            try await copy.withdraw(edit.id, serverRow: server)
            XCTFail("an unanswered write was withdrawn")
        } catch {
            XCTAssertEqual(error.code(), "invalid")
        }
        edit.verdict = .blocked(reason: .conflictUnresolved)
        try await copy.commit([.putQueuedWrite(edit)])
        try await copy.withdraw(edit.id, serverRow: server)
        let state = await copy.state
        XCTAssertEqual(state.items[server.id]?.properties["title"], "server")
        XCTAssertEqual(state.items[server.id]?.tags, ["kept"], "the tag write still waiting is laid over")
        XCTAssertEqual(state.queue.map(\.kind), [.addTag])
        await copy.close()
    }
}
