import Glibc
import XCTest

@testable import MarfaStorage

final class FailStopTests: StorageTestCase {
    /// A file-size limit (RLIMIT_FSIZE) makes the sync thread's write fail part-way, as a full disk would. The limit
    /// lies inside the first record's successor, whether or not zeros were written ahead of the tail by then.
    func testFailedWriteIsDeliveredToWaitersAndTheJournalRefusesFurtherAppends() async throws {
        let store = storePath()
        let directory = try StoreDirectory.open(at: store)
        let journal = try Journal.open(in: directory, segment: 1)
        try await journal.waitDurable(try journal.enqueue([1, 2, 3]))
        let durableSize = UInt64(SegmentHeader.size + JournalRecord.frameHeaderSize + 3)

        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var previousLimit = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &previousLimit), 0)
        var limit = previousLimit
        limit.rlim_cur = rlim_t(durableSize + 10)
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit), 0)
        let sequence = try journal.enqueue([UInt8](repeating: 7, count: 100))
        var failure: StorageError?
        do {
            try await journal.waitDurable(sequence)
        } catch let error as StorageError {
            failure = error
        }
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &previousLimit), 0)
        signal(SIGXFSZ, previousHandler)

        XCTAssertEqual(failure?.code, StorageError.storageFull, "a file-size limit reads as a full disk (Issue26.5)")
        XCTAssertEqual(failure?.path, segmentPath(store, 1))
        XCTAssertEqual(storageError { _ = try journal.enqueue([4]) }, failure)
        let bytes = try readFile(segmentPath(store, 1))
        let written = Int(durableSize) + 10
        XCTAssertEqual(Array(bytes[written - 2..<written]), [7, 7], "the write started")
        XCTAssertTrue(bytes[written...].allSatisfy { $0 == 0 }, "the write stopped part-way")
        do {
            try await journal.close()
            XCTFail("close must report the failure")
        } catch let error as StorageError {
            XCTAssertEqual(error, failure)
        }
        directory.close()

        let reopened = try StoreDirectory.open(at: store)
        defer { reopened.close() }
        let recovered = try Recovery.recover(reopened)
        XCTAssertEqual(recovered.records, [[1, 2, 3]])
        XCTAssertEqual(recovered.tornTail?.offset, durableSize)
        let recordEnd = Int(durableSize) + JournalRecord.frameHeaderSize + 100
        XCTAssertEqual(recovered.tornTail?.reason, bytes.count >= recordEnd ? .badChecksumAtEnd : .runsPastEnd)
    }
}
