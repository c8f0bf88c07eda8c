import XCTest

@testable import MarfaStorage

final class JournalTests: StorageTestCase {
    func testConcurrentWritersShareSyncsAndEveryRecordSurvivesInSequenceOrder() async throws {
        let writers = 64
        let perWriter = 50
        let directory = try StoreDirectory.open(at: storePath())
        let journal = try Journal.open(in: directory, segment: 1)
        let acknowledged = try await withThrowingTaskGroup(of: [(UInt64, [UInt8])].self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var mine: [(UInt64, [UInt8])] = []
                    for index in 0..<perWriter {
                        let payload = Array("writer \(writer) record \(index)".utf8)
                        let sequence = try journal.enqueue(payload)
                        try await journal.waitDurable(sequence)
                        mine.append((sequence, payload))
                    }
                    return mine
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let syncs = journal.syncCount
        try await journal.close()
        directory.close()

        let total = writers * perWriter
        let expected = acknowledged.sorted { $0.0 < $1.0 }
        XCTAssertEqual(expected.map(\.0), Array(1...UInt64(total)))
        let reopened = try StoreDirectory.open(at: storePath())
        defer { reopened.close() }
        let recovered = try Recovery.recover(reopened)
        XCTAssertEqual(recovered.records, expected.map(\.1))
        XCTAssertGreaterThan(syncs, 0)
        XCTAssertLessThanOrEqual(syncs, UInt64(total / 4), "\(syncs) syncs for \(total) records")
    }

    func testRotateSendsEarlierRecordsToTheOldSegmentAndLaterOnesToTheNew() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        XCTAssertEqual(journal.currentSegment, 1)
        XCTAssertEqual(journal.bytesInCurrentSegment, UInt64(SegmentHeader.size))
        _ = try journal.enqueue(Array("a".utf8))
        _ = try journal.enqueue(Array("bb".utf8))
        XCTAssertEqual(journal.bytesInCurrentSegment, UInt64(SegmentHeader.size + 9 + 10))
        XCTAssertEqual(try journal.rotate(), 2)
        XCTAssertEqual(journal.currentSegment, 2)
        XCTAssertEqual(journal.bytesInCurrentSegment, UInt64(SegmentHeader.size))
        let last = try journal.enqueue(Array("ccc".utf8))
        XCTAssertEqual(journal.bytesInCurrentSegment, UInt64(SegmentHeader.size + 11))
        try await journal.waitDurable(last)

        let reader = JournalReader(directory: directory)
        XCTAssertEqual(try reader.read(from: 1, repair: false).records, ["a", "bb", "ccc"].map { Array($0.utf8) })
        XCTAssertEqual(try reader.read(from: 2, repair: false).records, [Array("ccc".utf8)])

        let refused = storageError { try journal.deleteSegments(before: 3) }
        XCTAssertEqual(refused?.code, StorageError.invalidArgument)
        try journal.deleteSegments(before: 2)
        XCTAssertEqual(try reader.segmentNumbers(), [2])
        XCTAssertEqual(try reader.read(from: 2, repair: false).records, [Array("ccc".utf8)])
        try await journal.close()
    }

    /// Decision 0056: the writer hands records over from a mapped segment, letting its pages go every 8 MiB, and
    /// a journal longer than that reads back exactly, as a reading handle (which reads the file whole) sees it.
    func testVisitingALongSegmentHandsEveryRecordOverInOrderAsTheWriterAndAsAReader() async throws {
        let payloads = (0..<300).map { pseudoRandomBytes(30_000 + $0, seed: UInt64($0)) }
        try await writeStore(at: storePath(), payloads: payloads)
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        XCTAssertGreaterThan(try FileIO.size(segmentPath(storePath(), 1)), UInt64(8 << 20))
        let reader = JournalReader(directory: directory)
        var handed: [[UInt8]] = []
        let outline = try reader.visit(from: 1, repair: true) { handed.append(Array($0)) }
        XCTAssertEqual(outline.segments, [1])
        XCTAssertNil(outline.tornTail)
        XCTAssertTrue(handed == payloads, "every record, in order, byte for byte")
        XCTAssertTrue(try reader.read(from: 1, repair: false).records == payloads)
    }

    /// Decision 0057: a pass answers where each segment's records end, and a record written at any of those
    /// places afterwards is seen there (in the newest segment, or in the one before it: a record queued before a
    /// rotation is written to the old segment after the new one exists) and read from there alone.
    func testAPassAnswersEachSegmentsEndAndARecordAddedAtAnyOfThemIsSeen() async throws {
        try await writeStore(at: storePath(), payloads: [payload(0)], segment: 1)
        try await writeStore(at: storePath(), payloads: [], segment: 2)
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let reader = JournalReader(directory: directory)
        let outline = try reader.visit(from: 1, repair: false) { _ in }
        let firstEnd = UInt64(SegmentHeader.size + JournalRecord.frameHeaderSize + payload(0).count)
        XCTAssertEqual(outline.ends, [
            JournalPosition(segment: 1, offset: firstEnd),
            JournalPosition(segment: 2, offset: UInt64(SegmentHeader.size)),
        ])
        XCTAssertFalse(try reader.holdsRecord(at: outline.ends[0]))
        XCTAssertFalse(try reader.holdsRecord(at: outline.ends[1]))

        var late: [UInt8] = []
        try JournalRecord.append(payload(1), to: &late)
        let file = try XCTUnwrap(FileHandle(forWritingAtPath: segmentPath(storePath(), 1)))
        try file.seek(toOffset: firstEnd)
        try file.write(contentsOf: late)
        try file.close()
        XCTAssertTrue(try reader.holdsRecord(at: outline.ends[0]), "the late record in the older segment")
        XCTAssertFalse(try reader.holdsRecord(at: outline.ends[1]))
        XCTAssertEqual(try reader.read(from: 1, repair: false).records, [payload(0), payload(1)])

        var header = try readFile(segmentPath(storePath(), 1))
        header[10] ^= 0xFF
        try writeFile(segmentPath(storePath(), 1), header)
        var since: [[UInt8]] = []
        let later = try reader.visit(after: outline.ends) { since.append(Array($0)) }
        XCTAssertEqual(since, [payload(1)], "read from where the records ended: the damaged header is not read")
        XCTAssertEqual(later.ends, [
            JournalPosition(segment: 1, offset: firstEnd + UInt64(late.count)), outline.ends[1],
        ])
        XCTAssertEqual(try reader.visit(after: later.ends) { _ in XCTFail("nothing new") }.ends, later.ends)
    }

    func testJournalOpenedAtRecoveredNextSegmentContinuesTheStore() async throws {
        try await writeStore(at: storePath(), payloads: [[1], [2]])
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let first = try Recovery.recover(directory)
        XCTAssertEqual(first.nextSegment, 2)
        let journal = try Journal.open(in: directory, segment: first.nextSegment)
        try await journal.waitDurable(try journal.enqueue([3]))
        try await journal.close()
        XCTAssertEqual(try Recovery.recover(directory).records, [[1], [2], [3]])
    }

    func testRefusalsForEmptyPayloadUnknownSequenceExistingSegmentAndClosedJournal() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        XCTAssertEqual(storageError { _ = try journal.enqueue([]) }?.code, StorageError.invalidArgument)
        let sequence = try journal.enqueue([7])
        XCTAssertEqual(sequence, 1)
        do {
            try await journal.waitDurable(sequence + 1)
            XCTFail("waiting for a sequence never issued must fail")
        } catch let error as StorageError {
            XCTAssertEqual(error.code, StorageError.invalidArgument)
        }
        try await journal.waitDurable(sequence)
        XCTAssertEqual(storageError { _ = try Journal.open(in: directory, segment: 1) }?.code, "invalid_argument")
        try await journal.close()
        XCTAssertEqual(storageError { _ = try journal.enqueue([8]) }?.code, StorageError.closed)
        try await journal.waitDurable(sequence)
    }

    /// Nobody waits for these records, so no caller leads a sync: `close()` must have the thread write them.
    func testRecordsNobodyWaitsForAreWrittenByClose() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        let first = try journal.enqueue([1])
        try await journal.waitDurable(first)
        // Past the thread's poll window it sleeps, and an enqueue alone does not wake it.
        try await Task.sleep(for: .milliseconds(20))
        _ = try journal.enqueue([2])
        _ = try journal.enqueue([3, 3])
        try await journal.close()
        XCTAssertEqual(try Recovery.recover(directory).records, [[1], [2], [3, 3]])
    }

    /// A payload of 64 KiB or more is written from its own array, between the small records copied around it.
    func testLargePayloadsKeepTheirPlaceAmongSmallRecords() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        let large = (0..<(70 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let payloads: [[UInt8]] = [[1], large, large.reversed(), [2, 2], large, [3]]
        var last: UInt64 = 0
        for payload in payloads { last = try journal.enqueue(payload) }
        try await journal.waitDurable(last)
        try await journal.close()
        XCTAssertEqual(try Recovery.recover(directory).records, payloads)
    }
}
