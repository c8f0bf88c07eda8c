import XCTest

@testable import MarfaStorage

final class TornTailTests: StorageTestCase {
    private var payloads: [[UInt8]] { (0..<5).map(payload) }

    /// Writes the five-record journal once and answers its segment file's bytes.
    private func originalSegment() async throws -> [UInt8] {
        let store = storePath("original")
        try await writeStore(at: store, payloads: payloads)
        return try readFile(segmentPath(store, 1))
    }

    /// Lays `bytes` down as segment 1 of a fresh store and recovers it as the writer.
    private func recover(segmentBytes bytes: [UInt8], name: String) throws -> (RecoveredStore, String) {
        let store = storePath(name)
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        try writeFile(segmentPath(store, 1), bytes)
        return (try Recovery.recover(directory), store)
    }

    func testLastRecordCutAtEveryByteOffsetReopensToTheRecordsBeforeIt() async throws {
        let original = try await originalSegment()
        let lastStart = original.count - 8 - payloads[4].count
        for cut in lastStart...original.count {
            let (recovered, store) = try recover(segmentBytes: Array(original[0..<cut]), name: "cut-\(cut)")
            let complete = cut == original.count
            XCTAssertEqual(recovered.records, Array(payloads[0..<(complete ? 5 : 4)]), "cut at \(cut)")
            XCTAssertEqual(recovered.nextSegment, 2)
            if cut == lastStart || complete {
                XCTAssertNil(recovered.tornTail, "cut at \(cut)")
            } else {
                XCTAssertEqual(recovered.tornTail?.offset, UInt64(lastStart), "cut at \(cut)")
                XCTAssertEqual(recovered.tornTail?.reason, .runsPastEnd, "cut at \(cut)")
                XCTAssertEqual(recovered.tornTail?.wasCut, true)
                XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(lastStart))
            }
            let directory = try StoreDirectory.open(at: store)
            let again = try Recovery.recover(directory)
            XCTAssertEqual(again.records, recovered.records, "reopening after the cut at \(cut)")
            XCTAssertNil(again.tornTail, "reopening after the cut at \(cut)")
            directory.close()
        }
    }

    func testZeroFilledTailIsTheEndOfTheJournalAndIsKept() async throws {
        let original = try await originalSegment()
        for zeros in [3, 8, 4096] {
            let padded = original + [UInt8](repeating: 0, count: zeros)
            let (recovered, store) = try recover(segmentBytes: padded, name: "zeros-\(zeros)")
            XCTAssertEqual(recovered.records, payloads)
            XCTAssertNil(recovered.tornTail)
            XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(padded.count))
        }
    }

    func testLastRecordCutAtEveryByteOffsetInsideZerosWrittenAheadIsATornTail() async throws {
        let original = try await originalSegment()
        let lastStart = original.count - 8 - payloads[4].count
        for cut in lastStart...original.count {
            let padded = Array(original[0..<cut]) + [UInt8](repeating: 0, count: original.count - cut + 4096)
            let (recovered, store) = try recover(segmentBytes: padded, name: "cut-in-zeros-\(cut)")
            let complete = Array(padded[0..<original.count]) == original
            XCTAssertEqual(recovered.records, Array(payloads[0..<(complete ? 5 : 4)]), "cut at \(cut)")
            if cut == lastStart || complete {
                XCTAssertNil(recovered.tornTail, "cut at \(cut)")
                XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(padded.count))
            } else {
                XCTAssertEqual(recovered.tornTail?.offset, UInt64(lastStart), "cut at \(cut)")
                XCTAssertEqual(recovered.tornTail?.reason, .badChecksumAtEnd, "cut at \(cut)")
                XCTAssertEqual(recovered.tornTail?.wasCut, true)
                XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(lastStart))
            }
        }
    }

    func testBadChecksumFollowedByARecordAndZerosIsRefused() async throws {
        var damaged = try await originalSegment()
        let thirdStart = SegmentHeader.size + payloads[0..<2].reduce(0) { $0 + 8 + $1.count }
        damaged[thirdStart + 8 + 2] ^= 0x10
        damaged += [UInt8](repeating: 0, count: 4096)
        let store = storePath("bad-middle-zeros")
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        try writeFile(segmentPath(store, 1), damaged)
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.offset, UInt64(thirdStart))
        XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(damaged.count), "a refused file is kept")
    }

    func testLastRecordWithBadChecksumAtEndOfFileIsCut() async throws {
        var damaged = try await originalSegment()
        damaged[damaged.count - 2] ^= 0x40
        let (recovered, _) = try recover(segmentBytes: damaged, name: "bad-last")
        XCTAssertEqual(recovered.records, Array(payloads[0..<4]))
        XCTAssertEqual(recovered.tornTail?.reason, .badChecksumAtEnd)
    }

    func testAReaderReportsATornTailWithoutCuttingIt() async throws {
        let original = try await originalSegment()
        let store = storePath("shared")
        let writer = try StoreDirectory.open(at: store)
        defer { writer.close() }
        try writeFile(segmentPath(store, 1), Array(original.dropLast(3)))
        let reader = try StoreDirectory.open(at: store)
        XCTAssertEqual(reader.role, .reader)
        let recovered = try Recovery.recover(reader)
        XCTAssertEqual(recovered.records, Array(payloads[0..<4]))
        XCTAssertEqual(recovered.tornTail?.wasCut, false)
        XCTAssertEqual(try FileIO.size(segmentPath(store, 1)), UInt64(original.count - 3))
    }

    func testTornTailFollowedOnlyByAHeaderOnlySegmentIsCut() async throws {
        let original = try await originalSegment()
        let store = storePath("rotated")
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        try writeFile(segmentPath(store, 1), Array(original.dropLast(3)))
        try writeFile(segmentPath(store, 2), SegmentHeader(segment: 2).encoded())
        let recovered = try Recovery.recover(directory)
        XCTAssertEqual(recovered.records, Array(payloads[0..<4]))
        XCTAssertEqual(recovered.tornTail?.segment, 1)
        XCTAssertEqual(recovered.nextSegment, 3)
    }
}
