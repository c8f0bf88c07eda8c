import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// The last sync time is durable (F113, Decision 0092): change tag 25 round-trips, a cut record is `store_corrupt`,
/// a snapshot carries it, and a reopened store answers it.
final class LastSyncedStoreTests: XCTestCase {
    func testTheLastSyncTimeRoundTripsAndASnapshotCarriesIt_F113() throws {
        let restored = try assertDurable(.setLastSynced("2026-12-06T01:50:30.123Z"))
        XCTAssertEqual(restored.lastSynced, "2026-12-06T01:50:30.123Z")
    }

    func testAReopenedStoreAnswersTheLastSyncTime_F113() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let lastSyncedBefore = await copy.lastSynced
        XCTAssertNil(lastSyncedBefore)
        let time = Date(timeIntervalSince1970: 1_796_089_830.123)
        try await copy.recordLastSynced(time)
        await copy.close()
        let reopened = try await CopyActor.open(at: url, origin: nil)
        let lastSyncedAfter = await reopened.lastSynced
        let answered = try XCTUnwrap(lastSyncedAfter)
        XCTAssertEqual(answered.timeIntervalSince1970, time.timeIntervalSince1970, accuracy: 0.0005)
        await reopened.close()
    }
}
