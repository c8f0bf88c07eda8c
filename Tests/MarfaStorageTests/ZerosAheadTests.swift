import XCTest

@testable import MarfaStorage

final class ZerosAheadTests: StorageTestCase {
    private func framed(_ payload: [UInt8]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try JournalRecord.append(payload, to: &bytes)
        return bytes
    }

    func testRecordsWrittenOverZerosAheadKeepTheFileSizeAndReadBackAcrossSegments() throws {
        let store = storePath()
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        let first = try SegmentFile.create(number: 1, in: directory)
        XCTAssertFalse(first.wantsZerosAhead, "nothing written yet")
        try first.append(try framed(payload(0)))
        XCTAssertTrue(first.wantsZerosAhead)
        first.writeZerosAhead()
        XCTAssertFalse(first.wantsZerosAhead)
        let sizeWithZeros = try FileIO.size(segmentPath(store, 1))
        XCTAssertGreaterThanOrEqual(sizeWithZeros, UInt64(SegmentFile.zerosAheadBytes.least))
        for index in 1..<4 { try first.append(try framed(payload(index))) }
        try first.sync()
        XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), sizeWithZeros, "records overwrite the zeros")

        let second = try SegmentFile.create(number: 2, in: directory)
        try second.append(try framed(payload(4)))
        second.writeZerosAhead()

        let recovered = try Recovery.recover(directory)
        XCTAssertEqual(recovered.records, (0..<5).map(payload))
        XCTAssertNil(recovered.tornTail)
        XCTAssertEqual(recovered.nextSegment, 3)
        XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), sizeWithZeros, "zeros are not cut as a torn tail")
    }

    func testATornRecordInsideZerosAheadIsCutAndTheJournalContinuesAfterIt() async throws {
        let store = storePath()
        do {
            let directory = try StoreDirectory.open(at: store)
            defer { directory.close() }
            let segment = try SegmentFile.create(number: 1, in: directory)
            try segment.append(try framed(payload(0)))
            segment.writeZerosAhead()
            var torn = try framed(payload(1))
            torn.removeLast(5)
            try segment.append(torn)
            try segment.sync()
        }
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        let recovered = try Recovery.recover(directory)
        XCTAssertEqual(recovered.records, [payload(0)])
        XCTAssertEqual(recovered.tornTail?.reason, .badChecksumAtEnd)
        XCTAssertEqual(recovered.tornTail?.offset, UInt64(SegmentHeader.size + 8 + payload(0).count))
        XCTAssertEqual(recovered.tornTail?.wasCut, true)

        let journal = try Journal.open(in: directory, segment: recovered.nextSegment)
        try await journal.waitDurable(try journal.enqueue(payload(2)))
        try await journal.close()
        XCTAssertEqual(try Recovery.recover(directory).records, [payload(0), payload(2)])
    }
}
