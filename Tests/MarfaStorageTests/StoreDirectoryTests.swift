import Foundation
import XCTest

@testable import MarfaStorage

final class StoreDirectoryTests: StorageTestCase {
    func testSecondOpenInTheSameProcessIsAReaderUntilTheWriterCloses() throws {
        let first = try StoreDirectory.open(at: storePath())
        XCTAssertEqual(first.role, .writer)
        let second = try StoreDirectory.open(at: storePath())
        XCTAssertEqual(second.role, .reader)
        XCTAssertEqual(storageError { try second.requireWriter() }?.code, StorageError.readingHandle)
        XCTAssertEqual(storageError { _ = try Journal.open(in: second, segment: 1) }?.code, "reading_handle")
        XCTAssertEqual(storageError { _ = try SnapshotWriter(directory: second) }?.code, "reading_handle")
        XCTAssertEqual(storageError { try second.writeMetadata([1], named: "origin") }?.code, "reading_handle")
        first.close()
        let third = try StoreDirectory.open(at: storePath())
        defer { third.close() }
        XCTAssertEqual(third.role, .writer)
    }

    func testFolderIs0700AndEveryFileIs0600WhateverTheUmask() async throws {
        let previous = umask(0o277)
        defer { umask(previous) }
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        try await journal.waitDurable(try journal.enqueue([1]))
        try await journal.close()
        try await SnapshotWriter(directory: directory).write([1, 2, 3], segment: 1)
        try directory.writeMetadata(Array("origin".utf8), named: "origin")

        XCTAssertEqual(try mode(of: storePath()), 0o700)
        let names = try directory.fileNames().sorted()
        let expected = [StoreFileName.segment(1), "lock", "origin", StoreFileName.snapshot(1)]
        XCTAssertEqual(names, expected)
        for name in names {
            XCTAssertEqual(try mode(of: directory.filePath(name)), 0o600, name)
        }
    }

    func testMetadataIsReplacedAtomicallyAndReservedNamesAreRefused() throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        XCTAssertNil(try directory.readMetadata(named: "origin"))
        try directory.writeMetadata(Array("one".utf8), named: "origin")
        try directory.writeMetadata(Array("two".utf8), named: "origin")
        XCTAssertEqual(try directory.readMetadata(named: "origin"), Array("two".utf8))
        for name in ["lock", "", "a/b", "origin.tmp", StoreFileName.segment(1), StoreFileName.snapshot(1)] {
            XCTAssertEqual(storageError { try directory.writeMetadata([1], named: name) }?.code, "invalid_argument")
        }
    }

    func testLeftoverTemporaryFilesAreRemovedByTheNextWriter() throws {
        let first = try StoreDirectory.open(at: storePath())
        try writeFile(first.filePath(StoreFileName.snapshot(4) + ".tmp"), [1, 2])
        first.close()
        let second = try StoreDirectory.open(at: storePath())
        defer { second.close() }
        XCTAssertEqual(try second.fileNames(), ["lock"])
    }

    private func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}
