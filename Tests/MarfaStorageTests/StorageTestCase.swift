import Foundation
import XCTest

@testable import MarfaStorage

/// Base class giving each test a fresh temporary folder, removed afterwards.
class StorageTestCase: XCTestCase {
    var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.path + "/marfa-storage-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A store folder path inside the temporary folder (not yet created).
    func storePath(_ name: String = "store") -> String {
        folder + "/" + name
    }

    /// Deterministic pseudo-random bytes (an LCG), so failures reproduce.
    func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    /// Payload `index` of a small test journal: distinct, non-empty, of varying length.
    func payload(_ index: Int) -> [UInt8] {
        Array("record \(index) ".utf8) + pseudoRandomBytes(7 + index * 5 % 40, seed: UInt64(index))
    }

    /// Writes `payloads` durably as segment `segment` of a new store at `path`, then closes everything.
    ///
    /// The segment is cut where its records end, dropping any zeros the journal wrote ahead of its tail, so tests
    /// can damage it at exact offsets from the end.
    func writeStore(at path: String, payloads: [[UInt8]], segment: UInt64 = 1) async throws {
        let directory = try StoreDirectory.open(at: path)
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: segment)
        var last: UInt64 = 0
        for payload in payloads { last = try journal.enqueue(payload) }
        try await journal.waitDurable(last)
        try await journal.close()
        let recordsEnd = SegmentHeader.size + payloads.reduce(0) { $0 + JournalRecord.frameHeaderSize + $1.count }
        try FileIO.truncate(segmentPath(path, segment), to: UInt64(recordsEnd))
    }

    func readFile(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func segmentPath(_ store: String, _ number: UInt64) -> String {
        store + "/" + StoreFileName.segment(number)
    }

    func snapshotPath(_ store: String, _ number: UInt64) -> String {
        store + "/" + StoreFileName.snapshot(number)
    }

    /// Asserts that snapshot `segment` is refused `store_corrupt` naming `path` both read whole and streamed as
    /// open reads it (Decision 0052).
    func assertRefusedBothWays(
        _ reader: SnapshotReader, segment: UInt64, path: String, _ note: String, line: UInt = #line
    ) {
        let error = storageError { _ = try reader.read(segment: segment) }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt, note, line: line)
        XCTAssertEqual(error?.path, path, note, line: line)
        let streamError = storageError { _ = try streamed(reader, segment: segment) }
        XCTAssertEqual(streamError?.code, StorageError.storeCorrupt, "streamed, \(note)", line: line)
        XCTAssertEqual(streamError?.path, path, "streamed, \(note)", line: line)
    }

    /// Answers the payload of snapshot `segment` as open reads it (Decision 0052): streamed into a reused buffer of
    /// `pieceBytes`, then checked.
    func streamed(_ reader: SnapshotReader, segment: UInt64, pieceBytes: Int = 1000) throws -> [UInt8] {
        let stream = try reader.stream(segment: segment)
        var payload: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: pieceBytes)
        while true {
            let count = try piece.withUnsafeMutableBytes { try stream.read(into: $0) }
            guard count > 0 else { break }
            payload += piece[0..<count]
        }
        try stream.verify()
        return payload
    }

    /// Answers the StorageError `body` throws, failing the test if it throws nothing or something else.
    func storageError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> StorageError? {
        do {
            try body()
            XCTFail("expected a StorageError", file: file, line: line)
        } catch let error as StorageError {
            return error
        } catch {
            XCTFail("expected a StorageError, got \(error)", file: file, line: line)
        }
        return nil
    }
}
