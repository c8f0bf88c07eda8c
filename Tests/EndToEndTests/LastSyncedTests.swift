import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `CopyUpdate.lastSynced` is the device time of the last completed pull, and it survives a reopen (seed 003, F113).
final class LastSyncedTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func firstUpdate(of copy: WorkingCopy) async -> CopyUpdate? {
        let iterator = copy.updates().makeAsyncIterator()
        return await iterator.next()
    }

    func testLastSyncedSurvivesAReopenAndStartsEveryNewSequence_F113() async throws {
        _ = try await harness.createItem(type: "core.note", title: "one")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let never = await firstUpdate(of: copy)
        XCTAssertNil(never?.lastSynced, "a copy that never pulled has no sync time")
        let before = Date()
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let after = Date()
        let later = await firstUpdate(of: copy)
        let synced = try XCTUnwrap(later?.lastSynced, "a sequence begun after the fill starts from its time")
        let beforeToTheMillisecond = (before.timeIntervalSince1970 * 1000).rounded(.down) / 1000
        XCTAssertGreaterThanOrEqual(synced.timeIntervalSince1970, beforeToTheMillisecond)
        XCTAssertLessThanOrEqual(synced, after)
        await copy.close()

        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let first = await firstUpdate(of: reopened)
        XCTAssertEqual(first?.lastSynced, synced, "F113: the last sync time survives a reopen")
        await reopened.close()
    }
}
