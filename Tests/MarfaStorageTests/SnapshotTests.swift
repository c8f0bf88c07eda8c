import XCTest

@testable import MarfaStorage

final class SnapshotTests: StorageTestCase {
    func testZstdRoundTripsAndRefusesGarbage() throws {
        for input in [[], [1], Array(repeating: UInt8(7), count: 100_000)] as [[UInt8]] {
            let compressed = try Zstd.compress(input, level: 3)
            XCTAssertEqual(try Zstd.decompress(compressed, size: input.count), input)
        }
        XCTAssertThrowsError(try Zstd.decompress([1, 2, 3, 4, 5, 6, 7, 8], size: 10))
    }

    func testFiveMegabyteSnapshotRoundTrips() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        var payload: [UInt8] = []
        for block in 0..<80 {
            let random = pseudoRandomBytes(65_536, seed: UInt64(block))
            payload += block % 2 == 0 ? random : [UInt8](repeating: UInt8(block), count: 65_536)
        }
        XCTAssertEqual(payload.count, 5 * 1_048_576)
        let written = try await SnapshotWriter(directory: directory).write(payload, segment: 3)
        XCTAssertLessThan(written, payload.count)
        let reader = SnapshotReader(directory: directory)
        XCTAssertEqual(try reader.snapshotSegments(), [3])
        XCTAssertEqual(try reader.read(segment: 3), payload)
        XCTAssertEqual(try directory.fileNames().filter { $0.hasSuffix(".tmp") }, [])
    }

    func testSnapshotStreamedInPiecesReadsBackAsOnePayload() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let pieces = (0..<300).map { pseudoRandomBytes(1 + $0 * 97 % 40_000, seed: UInt64($0)) }
        let written = try await SnapshotWriter(directory: directory).write(segment: 4) { sink in
            for piece in pieces { try sink.append(piece) }
        }
        let file = try readFile(snapshotPath(storePath(), 4))
        XCTAssertEqual(written, file.count)
        XCTAssertEqual(try SnapshotReader(directory: directory).read(segment: 4), pieces.flatMap { $0 })
    }

    func testSnapshotWhoseProducerFailsLeavesNoFile() async throws {
        struct ProducerFailed: Error {}
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let writer = try SnapshotWriter(directory: directory)
        let bytes = pseudoRandomBytes(100_000, seed: 9)
        do {
            try await writer.write(segment: 5) { sink in
                try sink.append(bytes)
                throw ProducerFailed()
            }
            XCTFail("a failing producer must fail the write")
        } catch is ProducerFailed {}
        XCTAssertEqual(try directory.fileNames().filter { $0.hasPrefix("snapshot") }, [])
    }

    func testDamagedSnapshotIsRefusedStoreCorrupt() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        try await SnapshotWriter(directory: directory).write(pseudoRandomBytes(10_000, seed: 1), segment: 2)
        let reader = SnapshotReader(directory: directory)
        XCTAssertEqual(try reader.read(segment: 2).count, 10_000)
        let path = snapshotPath(storePath(), 2)
        var bytes = try readFile(path)
        bytes[bytes.count / 2] ^= 0x08
        try writeFile(path, bytes)
        assertRefusedBothWays(reader, segment: 2, path: path, "a damaged snapshot")
    }

    /// A payload byte changed under a frame that still decodes (zstd's raw blocks copy bytes as they are) is found
    /// only by the payload checksum, at the end of the stream: `verify` refuses it `store_corrupt` naming the file.
    func testAPayloadWhoseChecksumFailsIsRefusedAtTheEndOfTheStream() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let payload = pseudoRandomBytes(20_000, seed: 5)
        try await SnapshotWriter(directory: directory).write(payload, segment: 3)
        let path = snapshotPath(storePath(), 3)
        var bytes = try readFile(path)
        let tail = Array(payload.suffix(16))
        let at = try XCTUnwrap(
            (0...(bytes.count - tail.count)).first { bytes[$0..<($0 + tail.count)].elementsEqual(tail) },
            "the witness: the payload's last bytes are stored as they are")
        bytes[at + 5] ^= 0x01
        try writeFile(path, bytes)
        let stream = try SnapshotReader(directory: directory).stream(segment: 3)
        var piece = [UInt8](repeating: 0, count: 30_000)
        let count = try piece.withUnsafeMutableBytes { try stream.read(into: $0) }
        XCTAssertEqual(count, payload.count, "the witness: the frame still decodes")
        XCTAssertNotEqual(Array(piece[0..<count]), payload)
        let error = storageError { try stream.verify() }
        XCTAssertEqual(error?.code, StorageError.storeCorrupt)
        XCTAssertEqual(error?.path, path)
    }

    /// A header whose length field says more than the frames after it can expand to (a fuzzer's find: a 23-byte file
    /// whose header, checksum and all, claims 1.5 GB) is refused `store_corrupt` before any memory is set aside for
    /// that length; reading it used to allocate the claimed length first and die when it could not.
    func testAHeaderClaimingMoreThanItsFramesCanHoldIsRefusedBeforeAllocating_Issue26Fuzz() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let payload = pseudoRandomBytes(1_000, seed: 8)
        try await SnapshotWriter(directory: directory).write(payload, segment: 6)
        let reader = SnapshotReader(directory: directory)
        XCTAssertEqual(try reader.read(segment: 6), payload, "the witness: the snapshot reads back as written")
        let path = snapshotPath(storePath(), 6)
        let whole = try readFile(path)
        let frames = Array(whole[SnapshotHeader.size...])
        let checksum = CRC32C.checksum(payload)
        let oneFrame = try Zstd.compress(payload)
        for (claimed, kept) in [
            (UInt64(1) << 50, []), (UInt64(1) << 50, oneFrame), (1_534_095_504, []), (UInt64(Int.max), frames),
        ] {
            let header = SnapshotHeader(segment: 6, payloadLength: claimed, payloadChecksum: checksum)
            try writeFile(path, header.encoded() + kept)
            assertRefusedBothWays(reader, segment: 6, path: path, "a header claiming \(claimed) bytes")
        }
    }

    /// A snapshot file cut short (inside its frame, inside its header, or empty) is refused `store_corrupt` naming
    /// it, now that the file is mapped rather than read into a buffer.
    func testATornSnapshotFileIsRefusedStoreCorrupt() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        try await SnapshotWriter(directory: directory).write(pseudoRandomBytes(50_000, seed: 3), segment: 4)
        let reader = SnapshotReader(directory: directory)
        let path = snapshotPath(storePath(), 4)
        let whole = try readFile(path)
        XCTAssertEqual(try reader.read(segment: 4).count, 50_000, "the witness: the whole file reads back")
        for length in [whole.count - 1, whole.count / 2, SnapshotHeader.size, 10, 0] {
            try writeFile(path, Array(whole.prefix(length)))
            assertRefusedBothWays(reader, segment: 4, path: path, "cut to \(length) bytes")
        }
    }

    func testDeleteSnapshotsBeforeKeepsTheNewerOnes() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let writer = try SnapshotWriter(directory: directory)
        for segment: UInt64 in [1, 4, 6] { try await writer.write([UInt8(segment)], segment: segment) }
        try await writer.deleteSnapshots(before: 5)
        XCTAssertEqual(try SnapshotReader(directory: directory).snapshotSegments(), [6])
    }
}
