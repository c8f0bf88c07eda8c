import XCTest

@testable import MarfaStorage

final class RecordCodecTests: XCTestCase {
    func testRecordsRoundTripThroughFramingAndScanning() throws {
        let payloads: [[UInt8]] = [[1], Array("hello".utf8), [UInt8](repeating: 0, count: 1000), Array(0...255)]
        var buffer: [UInt8] = []
        for payload in payloads { try JournalRecord.append(payload, to: &buffer) }
        XCTAssertEqual(buffer.count, payloads.reduce(0) { $0 + 8 + $1.count })
        var decoded: [[UInt8]] = []
        var offset = 0
        scanning: while true {
            switch buffer.withUnsafeBytes({ JournalRecord.scan($0, at: offset) }) {
            case .record(let range, let next):
                decoded.append(Array(buffer[range]))
                offset = next
            case .end:
                break scanning
            case let other:
                XCTFail("unexpected \(other) at \(offset)")
                break scanning
            }
        }
        XCTAssertEqual(decoded, payloads)
    }

    func testFrameIsLengthThenChecksumOfLengthAndPayloadThenPayload() throws {
        var buffer: [UInt8] = []
        try JournalRecord.append(Array("abc".utf8), to: &buffer)
        XCTAssertEqual(Array(buffer[0..<4]), [3, 0, 0, 0])
        let crc = CRC32C.checksum([3, 0, 0, 0] + Array("abc".utf8))
        XCTAssertEqual(Array(buffer[4..<8]), [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: crc >> $0) })
        XCTAssertEqual(Array(buffer[8...]), Array("abc".utf8))
    }

    func testEmptyPayloadIsRefused() {
        var buffer: [UInt8] = []
        XCTAssertThrowsError(try JournalRecord.append([], to: &buffer)) { error in
            XCTAssertEqual((error as? StorageError)?.code, StorageError.invalidArgument)
        }
        XCTAssertNoThrow(try JournalRecord.append([0], to: &buffer))
    }

    func testScanClassifiesTornAndCorruptRecords() throws {
        var two: [UInt8] = []
        try JournalRecord.append(Array("first".utf8), to: &two)
        try JournalRecord.append(Array("second".utf8), to: &two)
        func scan(_ bytes: [UInt8], _ offset: Int = 0) -> JournalRecord.Scan {
            bytes.withUnsafeBytes { JournalRecord.scan($0, at: offset) }
        }
        XCTAssertEqual(scan(Array(two[0..<5])), .torn(.runsPastEnd))
        XCTAssertEqual(scan(Array(two[0..<10])), .torn(.runsPastEnd))
        XCTAssertEqual(scan([UInt8](repeating: 0, count: 3)), .end)
        XCTAssertEqual(scan([UInt8](repeating: 0, count: 64)), .end)
        XCTAssertEqual(scan([0, 0, 0, 0, 0, 0, 0, 0, 1]), .corrupt("zero-length record"))
        XCTAssertEqual(scan([0, 0, 1]), .torn(.runsPastEnd))
        var flippedLast = two
        flippedLast[flippedLast.count - 1] ^= 1
        XCTAssertEqual(scan(flippedLast, 13), .torn(.badChecksumAtEnd))
        XCTAssertEqual(scan(flippedLast + [UInt8](repeating: 0, count: 100), 13), .torn(.badChecksumAtEnd))
        XCTAssertEqual(scan(flippedLast + [0, 0, 7], 13), .corrupt("record checksum mismatch"))
        var flippedFirst = two
        flippedFirst[9] ^= 1
        XCTAssertEqual(scan(flippedFirst), .corrupt("record checksum mismatch"))
        XCTAssertEqual(scan(two), .record(payload: 8..<13, next: 13))
    }

    func testSegmentHeaderRoundTripsAndRefusesDamage() throws {
        let bytes = SegmentHeader(segment: 42).encoded()
        XCTAssertEqual(bytes.count, SegmentHeader.size)
        XCTAssertEqual(Array(bytes[0..<8]), Array("MARFAJNL".utf8))
        XCTAssertEqual(try bytes.withUnsafeBytes { try SegmentHeader.decode($0, path: "p") }.segment, 42)
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x10
            XCTAssertThrowsError(try damaged.withUnsafeBytes { try SegmentHeader.decode($0, path: "p") }) { error in
                XCTAssertEqual((error as? StorageError)?.code, StorageError.storeCorrupt, "byte \(index)")
            }
        }
    }

    func testSnapshotHeaderRoundTripsAndRefusesDamage() throws {
        let header = SnapshotHeader(segment: 7, payloadLength: 123_456, payloadChecksum: 0xDEAD_BEEF)
        let bytes = header.encoded()
        XCTAssertEqual(bytes.count, SnapshotHeader.size)
        XCTAssertEqual(try bytes.withUnsafeBytes { try SnapshotHeader.decode($0, path: "p") }, header)
        var damaged = bytes
        damaged[12] ^= 1
        XCTAssertThrowsError(try damaged.withUnsafeBytes { try SnapshotHeader.decode($0, path: "p") })
    }

    func testFileNamesUseTwentyDigitsAndParseBack() {
        XCTAssertEqual(StoreFileName.segment(7), "journal-00000000000000000007.log")
        XCTAssertEqual(StoreFileName.snapshot(UInt64.max), "snapshot-18446744073709551615.zst")
        XCTAssertEqual(StoreFileName.segmentNumber(of: "journal-00000000000000000007.log"), 7)
        XCTAssertNil(StoreFileName.segmentNumber(of: "journal-7.log"))
        XCTAssertNil(StoreFileName.snapshotNumber(of: "snapshot-00000000000000000007.zst.tmp"))
    }
}
