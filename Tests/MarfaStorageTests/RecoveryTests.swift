import XCTest

@testable import MarfaStorage

final class RecoveryTests: StorageTestCase {
    func testEmptyStoreRecoversToNothingAndStartsAtSegmentOne() throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let recovered = try Recovery.recover(directory)
        XCTAssertNil(recovered.snapshot)
        XCTAssertEqual(recovered.records, [])
        XCTAssertEqual(recovered.nextSegment, 1)
    }

    /// Writes a store with segments 1…3 holding a, b, c and snapshots 2 ("S2" = state after a) and 3 ("S3").
    private func writeLayeredStore() async throws -> (StoreDirectory, Journal) {
        let directory = try StoreDirectory.open(at: storePath())
        let journal = try Journal.open(in: directory, segment: 1)
        let snapshots = try SnapshotWriter(directory: directory)
        try await journal.waitDurable(try journal.enqueue(Array("a".utf8)))
        try await snapshots.write(Array("S2".utf8), segment: try journal.rotate())
        try await journal.waitDurable(try journal.enqueue(Array("b".utf8)))
        try await snapshots.write(Array("S3".utf8), segment: try journal.rotate())
        try await journal.waitDurable(try journal.enqueue(Array("c".utf8)))
        return (directory, journal)
    }

    func testRecoveryIsTheNewestSnapshotPlusTheLaterSegments() async throws {
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try await journal.close()
        let recovered = try Recovery.recover(directory)
        XCTAssertEqual(recovered.snapshot, Array("S3".utf8))
        XCTAssertEqual(recovered.snapshotSegment, 3)
        XCTAssertEqual(recovered.records, [Array("c".utf8)])
        XCTAssertEqual(recovered.skippedSnapshots, [])
        XCTAssertEqual(recovered.nextSegment, 4)
    }

    func testCorruptNewestSnapshotFallsBackToThePreviousWhenItsSegmentsExist() async throws {
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try await journal.close()
        let path = snapshotPath(storePath(), 3)
        var bytes = try readFile(path)
        bytes[bytes.count - 1] ^= 0xFF
        try writeFile(path, bytes)
        let recovered = try Recovery.recover(directory)
        XCTAssertEqual(recovered.snapshot, Array("S2".utf8))
        XCTAssertEqual(recovered.snapshotSegment, 2)
        XCTAssertEqual(recovered.records, ["b", "c"].map { Array($0.utf8) })
        XCTAssertEqual(recovered.skippedSnapshots.map(\.path), [path])
        XCTAssertEqual(recovered.skippedSnapshots.map(\.code), [StorageError.storeCorrupt])
    }

    func testCorruptNewestSnapshotWithoutItsPredecessorsSegmentsIsRefused() async throws {
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try journal.deleteSegments(before: 3)
        try await journal.close()
        XCTAssertEqual(try Recovery.recover(directory).snapshot, Array("S3".utf8))

        let path = snapshotPath(storePath(), 3)
        var bytes = try readFile(path)
        bytes[bytes.count - 1] ^= 0xFF
        try writeFile(path, bytes)
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, path)
    }

    func testEveryBadSnapshotFallsBackToAFullReplayWhenSegmentOneSurvives() async throws {
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try await journal.close()
        for segment: UInt64 in [2, 3] {
            let path = snapshotPath(storePath(), segment)
            try writeFile(path, Array(try readFile(path).dropLast()))
        }
        let recovered = try Recovery.recover(directory)
        XCTAssertNil(recovered.snapshot)
        XCTAssertEqual(recovered.records, ["a", "b", "c"].map { Array($0.utf8) })
        XCTAssertEqual(recovered.skippedSnapshots.count, 2)
    }
}
