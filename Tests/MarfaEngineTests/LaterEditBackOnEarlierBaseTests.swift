import Foundation
import MarfaRules
import MarfaTestSupport
import XCTest

@testable import MarfaEngine

/// V-17's exception and V-18's "otherwise it goes as in V-17" (Decision 0114): an unsent edit based on a later version
/// than an earlier edit it shares a property with, when it cannot go on that edit's answer, goes on the earlier
/// edit's base with the properties it carries unchanged dropped; an edit sharing no property, or on the same base,
/// goes as it is.
final class LaterEditBackOnEarlierBaseTests: QueuedEditCase {
    /// A copy holding the note at version 4 (a catch-up past the first edit's base, 3) and `writes` queued on it.
    private func copy(_ writes: [QueuedWrite]) async throws -> CopyActor {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit(
            [.putItem(note(version: 4, ["title": "server", "body": "b", "notes": "n"]))]
                + writes.map { .putQueuedWrite($0) })
        return copy
    }

    /// e1 (base 3) retitles and comes back conflicted. e2, made on version 4 after a catch-up, carries e1's title
    /// unchanged beside its own body: it goes on base 3 with only the body, so e1's title is not sent again as newer
    /// than the instance's (V-17).
    func testALaterEditSharingAPropertyWithAConflictedEditGoesOnItsBaseWithoutItsUnchangedProperties_V17()
        async throws
    {
        let copy = try await copy([
            edit("e1", base: 3, ["title": "e1"], read: ["title": "server"]),
            edit("e2", base: 4, ["title": "e1", "body": "mine"], read: ["title": "e1", "body": "b"]),
            edit("e3", base: 4, ["notes": "mine"], read: ["notes": "n"]),
        ])
        _ = try await copy.settle(
            "e1", .item(note(version: 5, ["title": "theirs", "body": "b", "notes": "n"]),
                        verdict: .conflicted(siblingId: "s", fields: ["title"]), acknowledged: false), answer: "{}")
        let e2 = try await copy.queuedWrite("e2")
        XCTAssertEqual(e2.baseVersion, 3, "on the conflicted edit's base")
        XCTAssertEqual(e2.body["version"], 3)
        XCTAssertEqual(e2.body["properties"], ["body": "mine"], "the title it carries unchanged is dropped")
        expectEqual(try await copy.queuedWrite("e3").baseVersion, 4, "no shared property: as it is")
        expectEqual(try await copy.queuedWrite("e3").body["properties"], ["notes": "mine"])
        let shown = await copy.state.items[itemId]
        XCTAssertEqual(
            shown?.properties["title"], "theirs", "Q-40: the conflicted title does not outlive its verdict through e2")
        XCTAssertEqual(shown?.properties["body"], "mine", "e2's own change still shows")
        await copy.close()
    }

    /// e1 (base 3) retitles and is merged at 6 over another writer's body. e2, made on version 4 after a catch-up,
    /// changes the body it read there, which the answer no longer holds, so it cannot go on 6 (V-18); it shares the
    /// title with e1, so it goes as in V-17: on e1's base, 3, without the title and notes it carries unchanged. e3
    /// shares nothing with e1 and keeps its own base.
    func testALaterEditBehindAMergedAnswerNotHoldingWhatItReadGoesAsInV17_V18() async throws {
        let copy = try await copy([
            edit("e1", base: 3, ["title": "e1"], read: ["title": "server"]),
            edit(
                "e2", base: 4, ["title": "e1", "body": "mine", "notes": "n"],
                read: ["title": "e1", "body": "b", "notes": "n"]),
            edit("e3", base: 4, ["body": "also"], read: ["body": "b"]),
        ])
        _ = try await copy.settle(
            "e1", .item(note(version: 6, ["title": "e1", "body": "theirs", "notes": "theirs"]),
                        verdict: .merged(fields: []), acknowledged: false), answer: "{}")
        let e2 = try await copy.queuedWrite("e2")
        XCTAssertEqual(e2.baseVersion, 3, "as in V-17: on the merged edit's base")
        XCTAssertEqual(e2.body["version"], 3)
        XCTAssertEqual(e2.body["properties"], ["body": "mine"], "the title and notes it carries unchanged are dropped")
        let shown = await copy.state.items[itemId]
        XCTAssertEqual(shown?.properties["notes"], "theirs", "notes e2 no longer sends show the answer's")
        let e3 = try await copy.queuedWrite("e3")
        XCTAssertEqual(e3.baseVersion, 4, "no shared property: its own base")
        XCTAssertEqual(e3.body["properties"], ["body": "also"])
        await copy.close()
    }

    /// e1 (base 3) retitles and is refused; the row read back is the instance's. e2, made on version 4, goes on 3
    /// without the title it carried from e1, so the copy shows the instance's title, not the refused one (V-17, Q-42).
    func testTheRowReadBackUnderARefusedEditShowsNoValueALaterEditNoLongerSends_V17() async throws {
        let copy = try await copy([
            edit("e1", base: 3, ["title": "e1"], read: ["title": "server"]),
            edit("e2", base: 4, ["title": "e1", "body": "mine"], read: ["title": "e1", "body": "b"]),
        ])
        _ = try await copy.settle(
            "e1", .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"),
                           serverRow: note(version: 4, ["title": "server", "body": "b", "notes": "n"]), readBack: true),
            answer: "{}")
        expectEqual(try await copy.queuedWrite("e2").body["properties"], ["body": "mine"])
        let shown = await copy.state.items[itemId]
        XCTAssertEqual(shown?.properties["title"], "server", "the refused title does not show through e2")
        XCTAssertEqual(shown?.properties["body"], "mine")
        await copy.close()
    }
}
