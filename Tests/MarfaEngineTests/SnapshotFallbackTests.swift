import Foundation
import XCTest
import MarfaRules
import MarfaStorage
@testable import MarfaEngine

/// Issue26.3: a corrupt newest snapshot never strands the store (Q-1, nothing acknowledged is lost): a checkpoint
/// keeps the previous snapshot and the segments after it until the next snapshot is written and read back, and
/// open falls back to them.
final class SnapshotFallbackTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    private func snapshotNames(_ url: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path)
            .filter { StoreFileName.snapshotNumber(of: $0) != nil }.sorted()
    }

    func testACorruptNewestSnapshotFallsBackToThePreviousOneAndItsSegments_Issue26_3() async throws {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 26)
        for round in 0..<3 {
            for _ in 0..<40 { try await copy.commit(generator.batch()) }
            if round < 2 { try await copy.checkpoint() }
        }
        let live = await copy.state
        await copy.close()
        let names = try snapshotNames(url)
        XCTAssertEqual(names.count, 2, "the previous snapshot is kept beside the newest: \(names)")
        let newest = url.path + "/" + (names.last ?? "")
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: newest)))
        bytes[bytes.count / 2] ^= 0x10
        try Data(bytes).write(to: URL(fileURLWithPath: newest))

        let reopened = try await CopyActor.open(at: url, origin: nil)
        let restored = await reopened.state
        XCTAssertEqual(restored, live, "every acknowledged write is back, from the previous snapshot and segments")
        await reopened.close()
    }
}
