import XCTest

@testable import MarfaStorage

/// A large record wakes a sleeping sync thread as it is queued, so its write and sync overlap what its writer does
/// before it waits; a small one still waits for its writer to lead the sync (Decision 0060).
final class WriteAtOnceTests: StorageTestCase {
    func testOnlyARecordOfWriteAtOnceBytesWakesTheSleepingThread() throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        var state = JournalState(segment: try SegmentFile.create(number: 1, in: directory))
        guard case .sleep = state.nextStep(maySleep: true, now: 1_000) else {
            return XCTFail("an idle journal's thread sleeps")
        }
        let small = try JournalRecord.Framed(payload(1))
        XCTAssertFalse(try state.enqueue(header: small.header, payload: small.payload).wake)
        let large = try JournalRecord.Framed(pseudoRandomBytes(JournalState.writeAtOnceBytes, seed: 60))
        XCTAssertTrue(try state.enqueue(header: large.header, payload: large.payload).wake)
        guard case .write(let batches) = state.nextStep(maySleep: false, now: 2_000) else {
            return XCTFail("the woken thread writes both records")
        }
        XCTAssertEqual(batches.last?.lastSequence, 2)
        let another = try JournalRecord.Framed(pseudoRandomBytes(JournalState.writeAtOnceBytes, seed: 61))
        XCTAssertFalse(
            try state.enqueue(header: another.header, payload: another.payload).wake,
            "while a sync runs the record waits for it")
    }

    func testALargeRecordBecomesDurableWithNobodyWaitingForIt() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        let journal = try Journal.open(in: directory, segment: 1)
        let bytes = pseudoRandomBytes(JournalState.writeAtOnceBytes * 2, seed: 62)
        let sequence = try journal.enqueue(bytes)
        let deadline = Date().addingTimeInterval(10)
        while journal.syncCount == 0 && Date() < deadline { try await Task.sleep(nanoseconds: 1_000_000) }
        XCTAssertEqual(journal.syncCount, 1, "the record was synced before anyone waited for it")
        try await journal.waitDurable(sequence)
        XCTAssertEqual(journal.syncCount, 1)
        try await journal.close()
        directory.close()
        let reopened = try StoreDirectory.open(at: storePath())
        defer { reopened.close() }
        XCTAssertEqual(try Recovery.recover(reopened).records, [bytes])
    }
}
