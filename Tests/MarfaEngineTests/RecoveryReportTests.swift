import Foundation
import XCTest
import MarfaRules
import MarfaStorage
@testable import MarfaEngine

/// Issue26.4: what recovery did is reported (and kept for `status`), not done silently.
final class RecoveryReportTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDown() {
        for folder in folders { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
    }

    func testACutTornTailAndASkippedSnapshotAreReportedAndKeptForTheNextOpen_Issue26_4() async throws {
        let url = temporaryStore()
        folders.append(url)
        let copy = try await CopyActor.open(at: url, origin: nil)
        var generator = SeededChanges(seed: 4)
        for round in 0..<3 {
            for _ in 0..<10 { try await copy.commit(generator.batch()) }
            if round < 2 { try await copy.checkpoint() }
        }
        await copy.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        let newest = url.path + "/" + (names.filter { StoreFileName.snapshotNumber(of: $0) != nil }.max() ?? "")
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: newest)))
        var snapshot = original
        snapshot[snapshot.count / 2] ^= 0x01
        try Data(snapshot).write(to: URL(fileURLWithPath: newest))
        let numbers = names.compactMap(StoreFileName.segmentNumber(of:))
        let reader = try StoreDirectory.openReader(at: url.path)
        let end = try XCTUnwrap(
            JournalReader(directory: reader).visit(from: numbers.min() ?? 1, repair: false) { _ in }.ends.last)
        let segment = url.path + "/" + StoreFileName.segment(end.segment)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: segment))
        try handle.seek(toOffset: end.offset)
        try handle.write(contentsOf: Data([200, 0, 0, 0, 1, 2, 3, 4, 5]))
        try handle.close()
        let sizeBefore = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: segment)[.size] as? UInt64)
        try Data("stray".utf8).write(to: URL(fileURLWithPath: url.path + "/journal-7.log"))

        let reopened = try await CopyActor.open(at: url, origin: nil)
        let report = try XCTUnwrap(reopened.recovery)
        XCTAssertEqual(report.skippedSnapshots.map(\.file), [newest])
        XCTAssertEqual(report.tornTail?.file, segment)
        XCTAssertEqual(report.tornTail?.offset, end.offset)
        XCTAssertEqual(report.tornTail?.bytesCut, sizeBefore - end.offset)
        XCTAssertEqual(report.tornTail?.reason, "bad_checksum_at_end")
        XCTAssertEqual(report.strayFiles, ["journal-7.log"])
        XCTAssertNotEqual(report.snapshot, newest)
        await reopened.close()

        try FileManager.default.removeItem(atPath: url.path + "/journal-7.log")
        try Data(original).write(to: URL(fileURLWithPath: newest))
        let again = try await CopyActor.open(at: url, origin: nil)
        XCTAssertEqual(again.recovery?.tornTail, report.tornTail, "the last notable recovery is kept for status")
        await again.close()
    }
}
