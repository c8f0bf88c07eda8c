import Glibc
import XCTest

@testable import MarfaStorage

/// Issue26.2: one writer per store whatever happens to the files in the folder (swift-api "One writer per store";
/// device-cli "One store has one writer": a second opener is a reading handle refused `reading_handle`).
final class StolenLockTests: StorageTestCase {
    func testDeletingTheLockFileUnderALiveWriterDoesNotAdmitASecondWriter_Issue26_2() throws {
        let first = try StoreDirectory.open(at: storePath())
        defer { first.close() }
        XCTAssertEqual(first.role, .writer)
        XCTAssertEqual(unlink(first.filePath(StoreDirectory.lockFileName)), 0)
        let second = try StoreDirectory.open(at: storePath())
        defer { second.close() }
        XCTAssertEqual(second.role, .reader, "the lock file was deleted, yet the first writer still holds the store")
        XCTAssertEqual(storageError { try second.requireWriter() }?.code, StorageError.readingHandle)
    }

    func testReplacingTheLockFileUnderALiveWriterDoesNotAdmitASecondWriter_Issue26_2() throws {
        let first = try StoreDirectory.open(at: storePath())
        defer { first.close() }
        let lock = first.filePath(StoreDirectory.lockFileName)
        XCTAssertEqual(rename(lock, lock + ".moved"), 0)
        let fd = open(lock, O_CREAT | O_RDWR, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        let second = try StoreDirectory.open(at: storePath())
        defer { second.close() }
        XCTAssertEqual(second.role, .reader)
    }

    func testTheWriterNoticesItsLockFileWasTakenAwayAndPutsItBack_Issue26_2() throws {
        let first = try StoreDirectory.open(at: storePath())
        defer { first.close() }
        let lock = first.filePath(StoreDirectory.lockFileName)
        XCTAssertEqual(unlink(lock), 0)
        try first.requireStillTheWriter()
        XCTAssertTrue(AtomicFile.exists(lock), "the writer restores the lock file readers look for")
        let reader = try StoreDirectory.openReader(at: storePath())
        XCTAssertEqual(reader.role, .reader)
    }

    func testAWriterWhoseFolderWasReplacedRefusesDestructiveSteps_Issue26_2() throws {
        let first = try StoreDirectory.open(at: storePath())
        defer { first.close() }
        XCTAssertEqual(rename(storePath(), storePath("moved")), 0)
        try FileManager.default.createDirectory(atPath: storePath(), withIntermediateDirectories: false)
        let error = storageError { try first.requireStillTheWriter() }
        XCTAssertEqual(error?.code, StorageError.readingHandle)
        XCTAssertEqual(error?.path, storePath())
    }
}
