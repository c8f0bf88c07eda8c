import XCTest

@testable import MarfaStorage

/// Issue26.1: a bad record counts as a torn tail only when no valid record follows it; a damaged length field in
/// the newest segment is `store_corrupt` naming the file and offset, and nothing is cut.
final class DamagedLengthTests: StorageTestCase {
    private var payloads: [[UInt8]] { (0..<8).map(payload) }

    private func offsetOfRecord(_ index: Int) -> Int {
        SegmentHeader.size + payloads[0..<index].reduce(0) { $0 + 8 + $1.count }
    }

    /// Writes the store, damages the length field of record `index` with `damage`, and checks the open refuses it
    /// at that record's offset, leaving the file byte for byte as it was.
    private func assertRefused(
        record index: Int, zerosAfter: Int = 0, _ damage: (inout [UInt8], Int) -> Void, line: UInt = #line
    ) async throws {
        let store = storePath("store-\(index)-\(zerosAfter)-\(UUID().uuidString)")
        try await writeStore(at: store, payloads: payloads)
        let path = segmentPath(store, 1)
        var bytes = try readFile(path) + [UInt8](repeating: 0, count: zerosAfter)
        damage(&bytes, offsetOfRecord(index))
        try writeFile(path, bytes)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        let error = storageError({ _ = try Recovery.recover(directory) }, line: line)
        XCTAssertEqual(error?.code, StorageError.storeCorrupt, line: line)
        XCTAssertEqual(error?.path, path, line: line)
        XCTAssertEqual(error?.offset, UInt64(offsetOfRecord(index)), line: line)
        XCTAssertEqual(try readFile(path), bytes, "a refused segment is left byte for byte", line: line)
    }

    func testDamagedLengthRunningPastTheEndIsCorruptNotTornTail_Issue26_1() async throws {
        for index in [0, 1, 4] {
            try await assertRefused(record: index) { bytes, offset in bytes[offset + 3] ^= 0x40 }
        }
    }

    func testDamagedLengthReachingIntoZerosAheadIsCorruptNotTornTail_Issue26_1() async throws {
        // The length grows so the record's end lands in the zeros the writer wrote ahead of its tail: its checksum
        // fails with only zeros after its declared end, yet valid records follow its true end.
        try await assertRefused(record: 6, zerosAfter: 4096) { bytes, offset in bytes[offset + 1] ^= 0x04 }
    }

    func testEveryLengthBitFlippedInEveryRecordIsRefusedOrKeepsEveryEarlierRecord_Issue26_1() async throws {
        let store = storePath()
        try await writeStore(at: store, payloads: payloads)
        let path = segmentPath(store, 1)
        let original = try readFile(path) + [UInt8](repeating: 0, count: 4096)
        for index in 0..<payloads.count {
            for bit in 0..<32 {
                var bytes = original
                bytes[offsetOfRecord(index) + bit / 8] ^= UInt8(1 << (bit % 8))
                try writeFile(path, bytes)
                let directory = try StoreDirectory.open(at: store)
                defer { directory.close() }
                do {
                    let recovered = try Recovery.recover(directory)
                    XCTAssertEqual(
                        recovered.records, Array(payloads[0..<index]),
                        "record \(index) bit \(bit): only the last record may be cut as torn")
                    XCTAssertEqual(index, payloads.count - 1, "record \(index) bit \(bit) opened")
                } catch let error as StorageError {
                    XCTAssertEqual(error.code, StorageError.storeCorrupt, "record \(index) bit \(bit)")
                    XCTAssertEqual(error.offset, UInt64(offsetOfRecord(index)), "record \(index) bit \(bit)")
                    XCTAssertEqual(try readFile(path), bytes, "record \(index) bit \(bit): nothing cut")
                }
            }
        }
    }
}
