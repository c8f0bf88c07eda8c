import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `close()` is final (swift-api.md §2 "Close", F120): the streams end, the last update names `.closed`, and every
/// later call throws `closed`.
final class CloseIsFinalTests: XCTestCase {
    private var store: URL!

    override func tearDown() {
        if let store { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
    }

    func testCloseEndsTheStreamsAndEveryLaterCallThrowsClosed_F120() async throws {
        store = freshStore()
        let copy = try await WorkingCopy.open(store: store)
        let made = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a"]))
        let id = try unwrap(made.itemId)
        let changes = copy.changes()
        let updates = copy.updates()
        let heard = Task { () -> Int in
            var count = 0
            for await _ in changes { count += 1 }
            return count
        }
        let lastUpdate = Task { () -> CopyConnection? in
            var last: CopyConnection?
            for await update in updates { last = update.connection }
            return last
        }
        try await copy.tags.add("later", to: id)
        await copy.close()

        let count = await heard.value
        XCTAssertGreaterThanOrEqual(count, 1, "the stream heard the tag, then finished")
        let last = await lastUpdate.value
        XCTAssertEqual(last, .closed, "F120: the last update is .closed")

        await expectRefused("closed", "list") { _ = try await copy.items.list() }
        await expectRefused("closed", "get") { _ = try await copy.items.get(id) }
        await expectRefused("closed", "create") { try await copy.items.create(Draft(type: "core.note")) }
        await expectRefused("closed", "update") { try await copy.items.update(id, Edit(baseVersion: 0)) }
        await expectRefused("closed", "search") { _ = try await copy.search("a") }
        await expectRefused("closed", "status") { _ = try await copy.status() }
        await expectRefused("closed", "queue") { _ = try await copy.queue.all() }
        await expectRefused("closed", "displays") { _ = try await copy.items.displays(of: []) }
        await expectRefused("closed", "changes(since:)") { _ = try await copy.changes(since: nil) }
        var ended = true
        for await _ in copy.changes() { ended = false }
        XCTAssertTrue(ended, "a stream asked for after close ends at once")
        var late: [CopyConnection] = []
        for await update in copy.updates() { late.append(update.connection) }
        XCTAssertEqual(late, [.closed], "an updates sequence asked for after close says .closed and ends")
    }
}
