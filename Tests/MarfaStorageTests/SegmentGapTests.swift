import Foundation
import XCTest

@testable import MarfaStorage

/// Issue26.4: a segment gap names the segments actually missing, not "segment 1".
final class SegmentGapTests: StorageTestCase {
    func testAMissingMiddleSegmentAfterTheSnapshotIsNamed_Issue26_4() async throws {
        let store = storePath()
        do {
            let directory = try StoreDirectory.open(at: store)
            defer { directory.close() }
            let journal = try Journal.open(in: directory, segment: 1)
            let snapshots = try SnapshotWriter(directory: directory)
            try await journal.waitDurable(try journal.enqueue([1]))
            let first = try journal.rotate()
            try await snapshots.write([9], segment: first)
            try journal.deleteSegments(before: first)
            for value: UInt8 in 2...4 {
                try await journal.waitDurable(try journal.enqueue([value]))
                _ = try journal.rotate()
            }
            try await journal.close()
        }
        // Snapshot 2 and segments 2…5; segments 3 and 4 go.
        try FileManager.default.removeItem(atPath: segmentPath(store, 3))
        try FileManager.default.removeItem(atPath: segmentPath(store, 4))
        let directory = try StoreDirectory.open(at: store)
        defer { directory.close() }
        let error = storageError { _ = try Recovery.recover(directory) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, segmentPath(store, 3))
        XCTAssertTrue(error?.message.contains("3, 4") == true, error?.message ?? "")
        XCTAssertFalse(error?.message.contains("segment 1 ") == true, error?.message ?? "")
    }
}
