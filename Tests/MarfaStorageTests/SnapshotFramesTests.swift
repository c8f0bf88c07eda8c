import XCTest

@testable import MarfaStorage

/// Snapshots cut into frames (Decision 0036): read back on two threads and streamed in pieces as open reads them
/// (Decision 0052), readable by the one-shot decompression older builds use, and snapshots of one frame without a
/// trailer (as older builds write them) still read both ways.
final class SnapshotFramesTests: StorageTestCase {
    /// Half random, half repeated bytes, so frames compress to different sizes.
    private func mixedPayload(blocks: Int) -> [UInt8] {
        (0..<blocks).flatMap { block in
            block % 2 == 0 ? pseudoRandomBytes(40_000, seed: UInt64(block)) : [UInt8](repeating: 7, count: 40_000)
        }
    }

    /// The zstd data of snapshot `segment` (the file after its header).
    private func frameData(_ segment: UInt64) throws -> [UInt8] {
        Array(try readFile(snapshotPath(storePath(), segment)).dropFirst(SnapshotHeader.size))
    }

    func testAPayloadOfManyFramesReadsBackAndDecodesInOnePieceToo() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let payload = mixedPayload(blocks: 25)
        let writer = try SnapshotWriter(directory: directory, frameBytes: 65_536)
        try await writer.write(segment: 2) { sink in
            for start in stride(from: 0, to: payload.count, by: 30_001) {
                try sink.append(Array(payload[start..<min(start + 30_001, payload.count)]))
            }
        }
        let data = try frameData(2)
        let split = try data.withUnsafeBytes { bytes in
            try SnapshotFrames.split(bytes).map { ($0.frames.count, $0.frameBytes) }
        }
        XCTAssertEqual(split?.0, (payload.count + 65_535) / 65_536)
        XCTAssertEqual(split?.1, 65_536)
        XCTAssertEqual(try SnapshotReader(directory: directory).read(segment: 2), payload)
        XCTAssertEqual(try streamed(SnapshotReader(directory: directory), segment: 2), payload)
        XCTAssertEqual(try Zstd.decompress(data, size: payload.count), payload, "what older builds do")
    }

    func testPayloadsEndingAtAFrameEndOrEmptyReadBack() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let writer = try SnapshotWriter(directory: directory, frameBytes: 50_000)
        for (segment, payload) in [(3, mixedPayload(blocks: 5)), (4, []), (5, [9])] as [(UInt64, [UInt8])] {
            try await writer.write(payload, segment: segment)
            XCTAssertEqual(try SnapshotReader(directory: directory).read(segment: segment), payload)
            for pieceBytes in [1, 1000, 50_000] {
                let reader = SnapshotReader(directory: directory)
                XCTAssertEqual(try streamed(reader, segment: segment, pieceBytes: pieceBytes), payload)
            }
        }
    }

    func testASnapshotOfOneFrameWithoutATrailerStillReads() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let payload = mixedPayload(blocks: 6)
        let header = SnapshotHeader(
            segment: 6, payloadLength: UInt64(payload.count), payloadChecksum: CRC32C.checksum(payload))
        try writeFile(snapshotPath(storePath(), 6), header.encoded() + (try Zstd.compress(payload)))
        XCTAssertNil(try frameData(6).withUnsafeBytes { try SnapshotFrames.split($0) })
        XCTAssertEqual(try SnapshotReader(directory: directory).read(segment: 6), payload)
        XCTAssertEqual(try streamed(SnapshotReader(directory: directory), segment: 6), payload)
    }

    /// A trailer whose frame size does not fit the frames (the second byte of the size, then the top one, which
    /// also matters for a snapshot of one frame) or whose marker is damaged is refused `store_corrupt`.
    func testADamagedTrailerIsRefusedStoreCorrupt() async throws {
        let directory = try StoreDirectory.open(at: storePath())
        defer { directory.close() }
        let path = snapshotPath(storePath(), 7)
        for (blocks, damaged) in [(10, 7), (10, 1), (1, 1), (10, 12)] {
            try await SnapshotWriter(directory: directory, frameBytes: 65_536).write(
                mixedPayload(blocks: blocks), segment: 7)
            var bytes = try readFile(path)
            XCTAssertEqual(try SnapshotReader(directory: directory).read(segment: 7).count, blocks * 40_000)
            bytes[bytes.count - damaged] ^= 0xFF
            try writeFile(path, bytes)
            assertRefusedBothWays(
                SnapshotReader(directory: directory), segment: 7, path: path, "\(blocks) blocks, byte -\(damaged)")
        }
    }
}
