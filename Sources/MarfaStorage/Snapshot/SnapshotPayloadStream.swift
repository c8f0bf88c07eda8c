import CZstd

/// A snapshot's payload decompressed piece by piece into buffers the caller owns (Decision 0052), so open never
/// holds the whole payload: zstd's streaming decoder reads the mapped file's frames one after another (passing
/// over the skippable trailer, and reading a single-frame snapshot of older builds just the same) while the length
/// and CRC-32C are kept over each piece as it is written, still in the cache. Used by one thread at a time: open
/// hands it whole to the thread that decompresses. The mapped file's pages are let go behind the decoder as it goes,
/// so the compressed file is not resident beside the copy it becomes.
package final class SnapshotPayloadStream: @unchecked Sendable {
    /// The snapshot file's path, named by every error.
    package let path: String
    /// The payload's length, from the header.
    package let payloadLength: Int
    private let expectedChecksum: UInt32
    private let file: MappedFile
    private let context: OpaquePointer
    private var input: ZSTD_inBuffer
    /// What the last `ZSTD_decompressStream` call answered: 0 once a frame is whole and flushed.
    private var pending = 0
    /// Payload bytes written so far, and their CRC-32C.
    private var produced = 0
    private var checksum: UInt32 = 0
    /// Bytes of compressed input read past the last release of the file's pages.
    private var unreleased = 0
    /// How much compressed input is read between releases of its pages.
    private static let releaseBytes = 8 << 20

    /// Opens the stream of the file at `path` after checking its header (`SnapshotReader.checkedHeader`).
    init(path: String, file: MappedFile, header: SnapshotHeader) throws {
        guard let context = ZSTD_createDCtx() else {
            throw StorageError(code: StorageError.io, message: "ZSTD_createDCtx failed")
        }
        self.path = path
        self.file = file
        self.context = context
        payloadLength = Int(header.payloadLength)
        expectedChecksum = header.payloadChecksum
        input = file.withBytes { bytes in
            let frames = UnsafeRawBufferPointer(rebasing: bytes[SnapshotHeader.size...])
            return ZSTD_inBuffer(src: frames.baseAddress, size: frames.count, pos: 0)
        }
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    /// Decompresses the next payload bytes into `buffer`, filling it unless the payload ends first, and answers how
    /// many it wrote (0 at the end); throws "store_corrupt" naming the file when the frames are damaged, cut short
    /// or longer than the header says.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var output = ZSTD_outBuffer(dst: buffer.baseAddress, size: buffer.count, pos: 0)
        try withExtendedLifetime(file) {
            while output.pos < output.size, input.pos < input.size || pending != 0 {
                let before = (input.pos, output.pos)
                pending = ZSTD_decompressStream(context, &output, &input)
                try wrap { try Zstd.check(pending, "ZSTD_decompressStream", code: StorageError.storeCorrupt) }
                if before == (input.pos, output.pos), input.pos == input.size {
                    throw corrupt("the zstd frames end inside a frame")
                }
            }
        }
        if input.pos - unreleased >= Self.releaseBytes {
            file.release(before: SnapshotHeader.size + input.pos)
            unreleased = input.pos
        }
        let filled = UnsafeRawBufferPointer(rebasing: buffer[0..<output.pos])
        produced += filled.count
        guard produced <= payloadLength else { throw corrupt("the payload is longer than \(payloadLength) bytes") }
        checksum = CRC32C.checksum(filled, continuing: checksum)
        return filled.count
    }

    /// Checks, once `read` has answered 0, that the payload had the header's length and checksum; throws
    /// "store_corrupt" naming the file, as `SnapshotReader.read` does, when it did not.
    package func verify() throws {
        guard produced == payloadLength else {
            throw corrupt("zstd frames expanded to \(produced) bytes, not \(payloadLength)")
        }
        guard checksum == expectedChecksum else { throw corrupt("snapshot payload checksum mismatch") }
    }

    private func wrap(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as StorageError {
            throw corrupt(error.message)
        }
    }

    private func corrupt(_ message: String) -> StorageError {
        StorageError.corrupt(message, path: path, offset: UInt64(SnapshotHeader.size))
    }
}
