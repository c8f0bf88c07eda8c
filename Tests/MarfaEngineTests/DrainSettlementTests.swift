import Foundation
import MarfaRules
import MarfaTestSupport
import XCTest

@testable import MarfaEngine

/// What the copy records of a drain's answers, durably: the ceiling of counted failures, release, forgetting, the
/// edits moved onto an answer, and the row adopted (Q-25, Q-34, Q-39, V-13 to V-16).
final class DrainSettlementTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    private let itemId = "0190a1b2-0000-7000-8000-000000000001"
    private let time = "2026-01-02T03:04:05.006Z"

    private func write(_ id: String, _ kind: WriteKind, base: Int64?, follows: String? = nil) -> QueuedWrite {
        QueuedWrite(
            id: id, kind: kind, itemId: itemId, baseVersion: base, idempotencyKey: "key-\(id)", follows: follows,
            body: base.map { ["version": .integer($0), "properties": ["title": .string(id)]] } ?? [:],
            queuedAt: time)
    }

    private func note(version: Int64, title: String) -> Item {
        Item(
            id: itemId, type: "core.note", properties: ["title": .string(title)], version: version,
            occurredAt: time, createdAt: time, updatedAt: time)
    }

    /// A copy at a fresh store holding the note at version 3 and `writes` queued on it.
    private func copy(_ writes: [QueuedWrite]) async throws -> (CopyActor, URL) {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit([.putItem(note(version: 3, title: "server"))] + writes.map { .putQueuedWrite($0) })
        return (copy, url)
    }

    func testTheFifthCountedFailureKillsAWriteAndOnlyReleaseByIdRevivesIt_Q25_Q34() async throws {
        let (copy, url) = try await copy([write("e", .updateItem, base: 3)])
        for count in 1...4 {
            let settled = try await copy.settle("e", .counted, answer: "{")
            XCTAssertNil(settled.write.verdict, "counted \(count): still unanswered")
            XCTAssertEqual(settled.write.refusals, Int64(count))
        }
        let dead = try await copy.settle("e", .counted, answer: "{")
        XCTAssertEqual(dead.write.verdict, .dead)
        expectEqual(try await copy.release(reason: .conflictUnresolved), 0, "a dead write has no reason")
        expectEqual(try await copy.release("e"), true)
        let released = try await copy.queuedWrite("e")
        XCTAssertNil(released.verdict)
        XCTAssertEqual(released.refusals, 0)
        XCTAssertNotEqual(released.idempotencyKey, "key-e", "Q-34: a fresh key")
        await copy.close()

        let reopened = try await CopyActor.open(at: url, origin: nil)
        expectEqual(try await reopened.queuedWrite("e"), released, "Q-1: recorded durably")
        await reopened.close()
    }

    func testAnAcceptedEditMovesTheUnsentEditsSharingItsBaseOntoItsAnswer_V15_V16() async throws {
        let (copy, _) = try await copy([
            write("e1", .updateItem, base: 3), write("e2", .updateItem, base: 3, follows: "e1"),
            write("d", .deleteItem, base: 3, follows: "e2"),
        ])
        _ = try await copy.settle("e1", .item(note(version: 4, title: "e1"), verdict: .accepted, acknowledged: false),
                                  answer: "{}")
        expectEqual(try await copy.queuedWrite("e2").baseVersion, 4)
        expectEqual(try await copy.queuedWrite("e2").body["version"], 4)
        expectEqual(try await copy.queuedWrite("d").baseVersion, 4)
        expectEqual(try await copy.queuedWrite("e1").baseVersion, 3, "V-19: a sent write never moves")
        let shown = await copy.state.items[itemId]
        XCTAssertEqual(shown?.version, 4, "Q-39: the answer adopted")
        XCTAssertEqual(shown?.properties["title"], "e2", "Q-12: the waiting edit laid over it again")
        XCTAssertEqual(shown?.state, .trashed, "and the waiting delete")

        _ = try await copy.settle("e2", .item(note(version: 6, title: "e2"), verdict: .merged(fields: ["title"]),
                                              acknowledged: false), answer: "{}")
        expectEqual(try await copy.queuedWrite("d").baseVersion, 4, "V-18: not moved onto an answer merged past it")
        await copy.close()
    }

    /// e1 is blocked by a 403 naming a grant (a block that clears by itself), e2 behind it goes out in the same
    /// pass and is answered unreadably (counted, still unanswered); the next pass clears e1's block and e1 is
    /// accepted one past its base. e2 went out under its key on base 3, so its base and body stay.
    func testASentWriteIsNeverMovedOntoAnotherAnswer_V19() async throws {
        let (copy, _) = try await copy([
            write("e1", .updateItem, base: 3), write("e2", .updateItem, base: 3, follows: "e1"),
        ])
        _ = try await copy.settle("e1", .blocked(.credentialRefused, nil), answer: "{}")
        try await copy.markSent("e2")
        _ = try await copy.settle("e2", .counted, answer: "{")
        let sent = try await copy.queuedWrite("e2")
        XCTAssertNotNil(sent.sentAt, "witness: e2 went out")
        try await copy.clearSelfClearingBlocks()
        _ = try await copy.settle("e1", .item(note(version: 4, title: "e1"), verdict: .accepted, acknowledged: false),
                                  answer: "{}")
        let after = try await copy.queuedWrite("e2")
        XCTAssertEqual(after.baseVersion, 3, "V-19: a sent write's base never changes")
        XCTAssertEqual(after.body, sent.body, "V-19: a sent body is frozen")
        await copy.close()
    }

    /// e1 (base 3) changes the title; a catch-up brought version 4; e2 (base 4) changes the title again and e3
    /// (base 4) only the body. e1 comes back conflicted: e2 took its title from e1, so it goes back to base 3 and the
    /// instance merges or conflicts it; e3 shares nothing with e1 and goes as it is.
    func testAnEditSharingAPropertyWithAFailedEditGoesBackToItsBase_V17() async throws {
        var e3 = write("e3", .updateItem, base: 4, follows: "e2")
        e3.body["properties"] = ["body": "b"]
        let (copy, _) = try await copy([
            write("e1", .updateItem, base: 3), write("e2", .updateItem, base: 4, follows: "e1"), e3,
            write("e4", .updateItem, base: 3, follows: "e3"),
        ])
        _ = try await copy.settle(
            "e1", .item(note(version: 5, title: "server"), verdict: .conflicted(siblingId: "s", fields: ["title"]),
                        acknowledged: false), answer: "{}")
        expectEqual(try await copy.queuedWrite("e2").baseVersion, 3)
        expectEqual(try await copy.queuedWrite("e2").body["version"], 3)
        expectEqual(try await copy.queuedWrite("e3").baseVersion, 4, "no shared property: as it is")
        expectEqual(try await copy.queuedWrite("e4").baseVersion, 3, "the same base: as it is")
        await copy.close()
    }

    func testAnAnswerOlderThanTheCopysRowLeavesTheRow_Q39() async throws {
        let (copy, _) = try await copy([write("e", .updateItem, base: 2)])
        _ = try await copy.settle("e", .item(note(version: 2, title: "old"), verdict: .accepted, acknowledged: true),
                                  answer: "{}")
        let shown = await copy.state.items[itemId]
        XCTAssertEqual(shown?.version, 3)
        XCTAssertEqual(shown?.properties["title"], "server")
        expectEqual(try await copy.queuedWrite("e").verdict, .accepted)
        await copy.close()
    }

    func testForgettingDropsOnlyWhatTheInstanceTook_Q36() async throws {
        let (copy, _) = try await copy([
            write("a", .updateItem, base: 3), write("r", .addTag, base: nil), write("b", .transitionItem, base: nil),
        ])
        _ = try await copy.settle("a", .plain(acknowledged: false), answer: "{}")
        _ = try await copy.settle("r", .refused(Refusal(reason: "x", code: "x"), serverRow: nil, readBack: false),
                                  answer: "{}")
        _ = try await copy.settle("b", .blocked(.keySpent, nil), answer: "{}")
        expectEqual(try await copy.forgetAnswered(), 1)
        expectEqual(await copy.state.queue.map(\.id), ["r", "b"])
        expectEqual(try await copy.release("r"), false, "Q-34: a write the instance refused is not releasable")
        expectEqual(try await copy.release(reason: .keySpent), 1)
        await copy.close()
    }
}

/// `XCTAssertEqual` for values computed with `await`.
private func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, message, file: file, line: line)
}
