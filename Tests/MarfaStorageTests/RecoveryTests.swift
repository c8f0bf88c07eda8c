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

    /// Streamed to a restore (Decision 0052), a newest snapshot whose checksum fails only once it is read to the end
    /// is passed over for the previous one, the restore's work on it thrown away.
    func testAStreamedSnapshotFailingItsChecksumAtTheEndFallsBackToThePrevious() async throws {
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try await journal.close()
        let path = snapshotPath(storePath(), 3)
        var bytes = try readFile(path)
        let stored = try XCTUnwrap(
            (0..<(bytes.count - 1)).first { bytes[$0] == UInt8(ascii: "S") && bytes[$0 + 1] == UInt8(ascii: "3") },
            "the witness: the tiny payload is stored as it is")
        bytes[stored + 1] = UInt8(ascii: "4")
        try writeFile(path, bytes)
        var restored: [[UInt8]] = []
        let (recovered, image) = try Recovery.recover(directory) { stream in
            var piece = [UInt8](repeating: 0, count: 16)
            let count = try piece.withUnsafeMutableBytes { try stream.read(into: $0) }
            restored.append(Array(piece[0..<count]))
            try stream.verify()
            return Array(piece[0..<count])
        } replaying: { image, record in
            image?.append(contentsOf: record)
        }
        XCTAssertEqual(restored, [Array("S4".utf8), Array("S2".utf8)], "the damaged payload decoded, then refused")
        XCTAssertEqual(image, Array("S2bc".utf8), "the records after the snapshot used, replayed onto its image")
        XCTAssertEqual(recovered.snapshotSegment, 2)
        XCTAssertEqual(recovered.records, [], "handed over, not kept")
        XCTAssertEqual(recovered.skippedSnapshots.map(\.path), [path])
    }

    /// What a restore throws other than the stream's `store_corrupt` ends the recovery: no older snapshot is tried.
    func testARestoreFailureOtherThanTheStreamsEndsTheRecovery() async throws {
        struct Refused: Error {}
        let (directory, journal) = try await writeLayeredStore()
        defer { directory.close() }
        try await journal.close()
        var tried: [String] = []
        XCTAssertThrowsError(
            try Recovery.recover(directory) { (stream: SnapshotPayloadStream) -> Int in
                tried.append(stream.path)
                throw Refused()
            } replaying: { _, _ in XCTFail("no record is replayed once the restore failed") }
        ) { XCTAssertTrue($0 is Refused, "\($0)") }
        XCTAssertEqual(tried, [snapshotPath(storePath(), 3)])
    }
}
