import Foundation
import Marfa
import XCTest

/// `close()` is final (swift-api.md §2 "Close", F120): the streams end, the last update names `.closed`, and every
/// later call throws `closed`.
final class CloseIsFinalTests: XCTestCase {
    private var store: URL!

    override func tearDown() {
        if let store { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
    }

    private func expectClosed(_ what: String, _ call: () async throws -> Void) async {
        do {
            try await call()
            XCTFail("\(what) answered after close")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "closed", "\(what): \(error)")
        } catch {
            XCTFail("\(what) threw \(error)")
        }
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

        await expectClosed("list") { _ = try await copy.items.list() }
        await expectClosed("get") { _ = try await copy.items.get(id) }
        await expectClosed("create") { try await copy.items.create(Draft(type: "core.note")) }
        await expectClosed("update") { try await copy.items.update(id, Edit(baseVersion: 0)) }
        await expectClosed("search") { _ = try await copy.search("a") }
        await expectClosed("status") { _ = try await copy.status() }
        await expectClosed("queue") { _ = try await copy.queue.all() }
        await expectClosed("displays") { _ = try await copy.items.displays(of: []) }
        await expectClosed("changes(since:)") { _ = try await copy.changes(since: nil) }
        var ended = true
        for await _ in copy.changes() { ended = false }
        XCTAssertTrue(ended, "a stream asked for after close ends at once")
        var late: [CopyConnection] = []
        for await update in copy.updates() { late.append(update.connection) }
        XCTAssertEqual(late, [.closed], "an updates sequence asked for after close says .closed and ends")
    }
}
