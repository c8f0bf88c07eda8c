import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `updates()` and `changes()` on a local store: what the app hears after its own writes (seed 003).
final class LocalUpdatesTests: XCTestCase {
    private var store: URL!

    override func setUp() {
        store = freshStore()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
    }

    func testTheFirstUpdateAsksForEverythingAndLaterOnesNameTheRowsAndTheQueue_F114_F118() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let iterator = copy.updates().makeAsyncIterator()
        let first = await iterator.next()
        XCTAssertEqual(first?.reread, .everything)
        XCTAssertEqual(first?.connection, .local)
        let write = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a"]))
        let second = await iterator.next()
        guard case .parts(let parts)? = second?.reread else { return XCTFail("\(String(describing: second))") }
        XCTAssertEqual(parts.rows.items, [try unwrap(write.itemId)])
        XCTAssertTrue(parts.queue)
        await copy.close()
    }

    func testManyWritesWhileTheAppIsBusyWaitAsOneUpdate_F115() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let iterator = copy.updates().makeAsyncIterator()
        _ = await iterator.next()
        var ids: [String] = []
        for number in 0..<5 {
            ids.append(try unwrap(try await copy.items.create(Draft(type: "core.note", properties: ["n": .integer(Int64(number))])).itemId))
        }
        let merged = await iterator.next()
        guard case .parts(let parts)? = merged?.reread else { return XCTFail("\(String(describing: merged))") }
        XCTAssertEqual(Set(parts.rows.items), Set(ids), "five writes, one waiting update naming all five")
        await copy.close()
    }

    func testChangesTellEachLocalWriteWithItsKind_F138_F140() async throws {
        let copy = try await WorkingCopy.open(store: store)
        var iterator = copy.changes().makeAsyncIterator()
        let write = try await copy.items.create(Draft(type: "core.note"))
        let change = await iterator.next()
        XCTAssertEqual(change?.origin, .local(.createItem))
        XCTAssertEqual(change?.itemId, write.itemId)
        await copy.close()
    }
}

extension LocalUpdatesTests {
    func testChangesSinceNameTheRowsWrittenAfterACursorThatSurvivesReopen_F141_F146() async throws {
        let copy = try await WorkingCopy.open(store: store)
        let first = try await copy.changes(since: nil)
        guard case .everything = first else { return XCTFail("no cursor must ask for everything") }
        let id = try unwrap(try await copy.items.create(Draft(type: "core.note")).itemId)
        let stored = try JSONEncoder().encode(first.next)
        await copy.close()

        let reopened = try await WorkingCopy.open(store: store)
        let cursor = try JSONDecoder().decode(ChangeCursor.self, from: stored)
        let answer = try await reopened.changes(since: cursor)
        guard case .named(let rows, let next) = answer else { return XCTFail("\(answer)") }
        XCTAssertEqual(rows.items, [id])
        let quiet = try await reopened.changes(since: next)
        XCTAssertEqual(quiet, .named(ChangedRows(), next), "nothing changed since the last cursor")
        for _ in 0..<3 { _ = try await reopened.items.create(Draft(type: "core.note")) }
        guard case .everything = try await reopened.changes(since: next, most: 2) else {
            return XCTFail("more than `most` rows must ask for everything")
        }
        let foreign = try ChangeCursor(rawValue: "another-store:1")
        guard case .everything = try await reopened.changes(since: foreign) else { return XCTFail("foreign cursor") }
        XCTAssertThrowsError(try ChangeCursor(rawValue: "not a cursor"))
        await reopened.close()
    }
}
