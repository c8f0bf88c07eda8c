import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// A row the copy let go when it purged it comes back in the log's older events: the catch-up replaying them finds
/// no edges to fetch for it (the instance answers `not_found`), goes on without them, and the purge's own event lets
/// the row go again (WC-25, F064; found when a held `changes()` stream began to follow, F138).
final class PurgedBeforeCatchUpTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testACatchUpPassesTheOlderEventsOfARowThisCopyPurged_WC25_F064_F138() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "to purge")
        let kept = try await harness.createItem(type: "core.note", title: "kept")
        _ = try await copy.catchUp()
        try await copy.items.delete(id)
        _ = try await copy.queue.drain()
        try await copy.items.purge(id)

        let report = try await copy.catchUp()
        XCTAssertTrue(report.reachedHead, "the catch-up reached the head past the purged row's events")
        expectEqual(try await copy.items.get([id], includingBin: true).rows, [], "the purged row is not held")
        expectEqual(try await copy.items.get(kept)?.title, "kept")
        await copy.close()
    }
}
