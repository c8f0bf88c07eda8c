import Foundation
import XCTest
import MarfaRules
import MarfaStorage
@testable import MarfaEngine

/// When a copy writes a snapshot on its own (Decision 0059): at the configured floor of journal bytes, or later
/// once the state's encoded size times the ratio is more.
final class SnapshotPolicyTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    func testTheDueBytesAreTheFloorOrTheScaledStateSizeWhicheverIsMore() {
        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = 1000
        configuration.snapshotJournalRatio = 1.5
        let policy = SnapshotPolicy(configuration, statePayloadBytes: 400)
        XCTAssertEqual(policy.segmentBytesDue, 1000)
        XCTAssertFalse(policy.isDue(segmentBytes: 999))
        XCTAssertTrue(policy.isDue(segmentBytes: 1000))
        policy.measured(statePayloadBytes: 2000)
        XCTAssertEqual(policy.segmentBytesDue, 3000)
        policy.measured(statePayloadBytes: .max)
        XCTAssertEqual(policy.segmentBytesDue, .max, "a huge state saturates rather than overflows")
        configuration.snapshotJournalRatio = 0
        XCTAssertEqual(SnapshotPolicy(configuration, statePayloadBytes: 1 << 40).segmentBytesDue, 1000)
    }

    /// A copy restored from a snapshot whose payload is larger than the floor writes its next snapshot only once
    /// its journal segment holds that many bytes, and rotates the journal at the first commit that gets there.
    func testAReopenedCopyWaitsForTheStatesEncodedSizeOfJournal() async throws {
        let url = temporaryStore()
        folders.append(url)
        var generator = SeededChanges(seed: 59)
        var unlimited = CopyConfiguration()
        unlimited.snapshotThresholdBytes = .max
        let first = try await CopyActor.open(at: url, origin: nil, configuration: unlimited)
        for _ in 0..<10 {
            try await first.commit((0..<30).map { _ in .putItem(generator.item(id: generator.id())) })
        }
        try await first.checkpoint()
        var payload = 0
        SnapshotEncoder.encode(await first.state) { payload += $0.count }
        await first.close()

        var configuration = CopyConfiguration()
        configuration.snapshotThresholdBytes = 4096
        XCTAssertGreaterThan(payload, 4096, "the test needs a state larger than the floor")
        let copy = try await CopyActor.open(at: url, origin: nil, configuration: configuration)
        XCTAssertEqual(copy.automaticSnapshotSegmentBytes, UInt64(payload))
        let opened = try newestSegment(url)
        var segmentBytes = SegmentHeader.size
        while segmentBytes < payload {
            let changes: [StoreChange] = [.putItem(generator.item(id: generator.id()))]
            segmentBytes += JournalRecord.frameHeaderSize + StoreChange.encode(changes).count
            try await copy.commit(changes)
            let rotated = try newestSegment(url) > opened
            XCTAssertEqual(rotated, segmentBytes >= payload, "after \(segmentBytes) of \(payload) bytes")
        }
        await copy.close()
    }

    private func newestSegment(_ url: URL) throws -> UInt64 {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .compactMap(StoreFileName.segmentNumber(of:)).max() ?? 0
    }
}
