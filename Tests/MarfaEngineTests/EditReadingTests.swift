import Foundation
import MarfaRules
import MarfaTestSupport
import XCTest

@testable import MarfaEngine

/// What an item edit read when it was made (`QueuedWrite.read`, Decision 0101): kept durably through the journal and
/// a snapshot, and the rule that moves an edit onto the answer ahead of it only where that answer holds what it read
/// (issue 28 point 13, V-15, V-18).
final class EditReadingTests: QueuedEditCase {
    private func copy(_ writes: [QueuedWrite]) async throws -> (CopyActor, URL) {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit(
            [.putItem(note(version: 3, ["title": "server", "body": "b"]))] + writes.map { .putQueuedWrite($0) })
        return (copy, url)
    }

    func testWhatAnEditReadSurvivesTheJournalAndASnapshot_Issue28_13() async throws {
        let kept = edit("e", base: 3, ["title": "mine"], read: ["title": "server"])
        let plain = edit("p", base: 3, ["body": "x"], read: nil)
        let (copy, url) = try await copy([kept, plain])
        await copy.close()
        let replayed = try await CopyActor.open(at: url, origin: nil)
        expectEqual(try await replayed.queuedWrite("e").read, ["title": "server"], "through the journal")
        expectEqual(try await replayed.queuedWrite("p").read, nil, "a write that kept no reading keeps none")
        try await replayed.checkpoint()
        await replayed.close()
        let restored = try await CopyActor.open(at: url, origin: nil)
        expectEqual(try await restored.queuedWrite("e"), kept, "through a snapshot")
        await restored.close()
    }

    func testAnEditMovesOntoAnAnswerOnlyWhereItHoldsWhatTheEditRead_V15_V18_Issue28_13() async throws {
        let (copy, _) = try await copy([
            edit("e1", base: 3, ["title": "e1"], read: ["title": "server"]),
            edit("same", base: 3, ["title": "again", "body": "b"], read: ["title": "e1", "body": "b"]),
            edit("other", base: 3, ["body": "mine"], read: ["body": "b"]),
        ])
        _ = try await copy.settle(
            "e1", .item(note(version: 5, ["title": "e1", "body": "theirs"]), verdict: .merged(fields: []),
                        acknowledged: false), answer: "{}")
        let same = try await copy.queuedWrite("same")
        XCTAssertEqual(same.baseVersion, 5, "the answer holds the title it read: it moves (V-18)")
        XCTAssertEqual(same.body["properties"], ["title": "again"], "V-15: the body it carries unchanged is dropped")
        expectEqual(
            try await copy.queuedWrite("other").baseVersion, 3,
            "the answer holds a body it never read: it keeps its own base (V-17)")
        await copy.close()
    }

    /// V-14 a: a create that carried version 2 answered at 5 was merged over another writer; an edit of it based on
    /// 0 goes on the answer only where the answer holds what it read, else on the create's base.
    func testAnEditOfACreateMergedOverAnotherWriterGoesOnItsBaseUnlessTheAnswerHoldsWhatItRead_V14a_Issue28_13()
        async throws
    {
        let create = QueuedWrite(
            id: "c", kind: .createItem, itemId: itemId, baseVersion: 2, idempotencyKey: "key-c",
            body: ["version": 2, "properties": ["title": "made", "body": "b"]], queuedAt: time)
        let (copy, _) = try await copy([
            create,
            edit("title", base: 0, ["title": "edited"], read: ["title": "made"]),
            edit("body", base: 0, ["body": "edited"], read: ["body": "b"]),
        ])
        _ = try await copy.settle(
            "c", .item(note(version: 5, ["title": "theirs", "body": "b"]), verdict: .merged(fields: ["title"]),
                       acknowledged: false), answer: "{}")
        expectEqual(try await copy.queuedWrite("title").baseVersion, 2, "the answer holds a title it never read")
        expectEqual(try await copy.queuedWrite("body").baseVersion, 5, "the answer holds the body it read")
        await copy.close()
    }

    /// Issue 28 point 13: behind a refused or blocked edit, an edit keeps its own base.
    func testAnEditBehindARefusedOrBlockedEditKeepsItsOwnBase_V17_Issue28_13() async throws {
        let (copy, _) = try await copy([
            edit("refused", base: 3, ["title": "r"], read: ["title": "server"]),
            edit("blocked", base: 3, ["title": "b"], read: ["title": "r"]),
            edit("last", base: 3, ["body": "l"], read: ["body": "b"]),
        ])
        _ = try await copy.settle(
            "refused", .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"),
                                serverRow: note(version: 3, ["title": "server", "body": "b"]), readBack: true),
            answer: "{}")
        _ = try await copy.settle("blocked", .blocked(.conflictUnresolved, nil), answer: "{}")
        expectEqual(try await copy.queuedWrite("blocked").baseVersion, 3)
        expectEqual(try await copy.queuedWrite("last").baseVersion, 3)
        await copy.close()
    }
}
