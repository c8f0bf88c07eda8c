import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `items.bin(type:after:limit:)` and `items.purge(_:version:)`: online only, never queued, purge's refusals checked
/// before sending (seed 000 lines 121–126; F063, F064, F065).
final class BinAndPurgeTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func expectRefused(_ code: String, _ what: String, _ call: () async throws -> Void) async {
        do {
            try await call()
            XCTFail("\(what) was not refused")
        } catch let error as MarfaError {
            XCTAssertEqual(error.serverCode ?? error.code(), code, "\(what): \(error)")
        } catch {
            XCTFail("\(what) threw \(error)")
        }
    }

    func testTheBinIsReadOnlineNewestChangeFirstPageByPage_F063() async throws {
        var ids: [String] = []
        for title in ["first", "second", "kept"] {
            ids.append(try await harness.createItem(type: "core.note", title: title))
        }
        for id in ids.prefix(2) {
            let (status, _) = try await harness.request("DELETE", "/items/\(id)?version=1")
            XCTAssertEqual(status, 200)
        }
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.task"], tier: .all)

        let first = try await copy.items.bin(limit: 1)
        XCTAssertEqual(first.items.map(\.id), [ids[1]], "newest change first, whatever the slice")
        let cursor = try XCTUnwrap(first.nextCursor, "a page with more behind it carries a cursor")
        let second = try await copy.items.bin(after: cursor, limit: 0)
        XCTAssertEqual(second.items.map(\.id), [ids[0]], "limit 0 is clamped to 1")
        let all = try await copy.items.bin(limit: 500)
        XCTAssertEqual(all.items.map(\.id), [ids[1], ids[0]])
        XCTAssertNil(all.nextCursor)
        expectEqual(try await copy.items.bin(type: "core.task").items, [], "one type's bin")
        await copy.close()

        let local = try await WorkingCopy.open(store: harness.folder.appendingPathComponent("local"))
        await expectRefused("no_server", "a bin read with no server") { _ = try await local.items.bin() }
        await local.close()
    }

    func testAPurgeIsCheckedBeforeItIsSentThenDestroysTheItemNow_F064_F065() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "to purge")
        let other = try await harness.createItem(type: "core.note", title: "still here")
        _ = try await copy.catchUp()
        try await copy.edges.create(from: other, to: id, type: "references")
        _ = try await copy.queue.drain()

        await expectRefused("not_held", "an item the copy does not hold") {
            try await copy.items.purge("0190a1b2-0000-7000-8000-00000000dead")
        }
        await expectRefused("invalid_transition", "an item outside the bin") { try await copy.items.purge(id) }
        try await copy.items.delete(id)
        await expectRefused("invalid", "an item with a write still waiting") { try await copy.items.purge(id) }
        _ = try await copy.queue.drain()
        await expectRefused("version_conflict", "a purge at a version the instance does not hold") {
            try await copy.items.purge(id, version: 7)
        }

        // Heard without holding the follow (F138), whose replay of the log's older events would race the checks below.
        let changes = copy.changesWithoutFollowing()
        try await copy.items.purge(id)
        var heard = changes.makeAsyncIterator()
        let told = await heard.next()
        XCTAssertEqual(told?.origin, .refreshed(.purged), "changes() hears the purge")
        XCTAssertEqual(told?.itemId, id, "naming the item that left the copy")
        let (status, _) = try await harness.request("GET", "/items/\(id)?include=metadata")
        XCTAssertEqual(status, 404, "destroyed on the instance")
        expectEqual(try await copy.items.get([id], includingBin: true).rows, [], "the copy let the row go at once")
        expectEqual(try await copy.edges.to(id), [], "with every edge at either end")
        expectEqual(try await copy.queue.all().filter(\.isUnanswered).count, 0, "a purge is never queued")
        await copy.close()
    }
}
