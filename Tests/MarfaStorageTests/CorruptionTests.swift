import XCTest

@testable import MarfaStorage

final class CorruptionTests: StorageTestCase {
    private var payloads: [[UInt8]] { (0..<5).map(payload) }

    private func offsetOfRecord(_ index: Int) -> Int {
        SegmentHeader.size + payloads[0..<index].reduce(0) { $0 + 8 + $1.count }
    }

    func testFlippedByteInAMiddleRecordIsRefusedNamingFileAndOffset() async throws {
        let store = storePath()
        try await writeStore(at: store, payloads: payloads)
        let path = segmentPath(store, 1)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }

        let witness = try Recovery.recover(directory)
        XCTAssertEqual(witness.records, payloads)
        XCTAssertNil(witness.tornTail)

        var bytes = try readFile(path)
        bytes[offsetOfRecord(2) + 8 + 3] ^= 0x01
        try writeFile(path, bytes)
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, path)
        XCTAssertEqual(error?.offset, UInt64(offsetOfRecord(2)))
        XCTAssertEqual(try FileIO.size(path), UInt64(bytes.count), "a refused file is left untouched")
    }

    func testTornRecordInASegmentFollowedByRecordsIsRefused() async throws {
        let store = storePath()
        try await writeStore(at: store, payloads: payloads)
        try await writeStore(at: store, payloads: [[9, 9, 9]], segment: 2)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        XCTAssertEqual(try Recovery.recover(directory).records, payloads + [[9, 9, 9]])

        let path = segmentPath(store, 1)
        try writeFile(path, Array(try readFile(path).dropLast(2)))
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, path)
        XCTAssertEqual(error?.offset, UInt64(offsetOfRecord(4)))
    }

    func testBadSegmentHeaderIsRefused() async throws {
        let store = storePath()
        try await writeStore(at: store, payloads: payloads)
        let path = segmentPath(store, 1)
        var bytes = try readFile(path)
        bytes[3] ^= 0x20
        try writeFile(path, bytes)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, path)
        XCTAssertEqual(error?.offset, 0)
    }

    func testMissingSegmentIsRefused() async throws {
        let store = storePath()
        try await writeStore(at: store, payloads: [[1]])
        try await writeStore(at: store, payloads: [[2]], segment: 2)
        try await writeStore(at: store, payloads: [[3]], segment: 3)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        XCTAssertEqual(try Recovery.recover(directory).records, [[1], [2], [3]])
        try FileIO.remove(segmentPath(store, 2))
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, segmentPath(store, 2))
    }
}
