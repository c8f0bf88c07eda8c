/// Takes a snapshot's payload piece by piece and streams it, compressed, into the snapshot's temporary file,
/// keeping the length and checksum the header needs; it ends a zstd frame after every `frameBytes` bytes of payload
/// (`SnapshotFrames`).
///
/// The encoder calls `append` as it goes, so the whole payload never sits in memory and encoding overlaps
/// compression (which runs on zstd's worker threads) and the disk writes.
package final class SnapshotPayloadSink {
    /// Bytes handed to `append` so far: the payload length.
    package private(set) var length: UInt64 = 0
    /// CRC-32C of everything handed to `append` so far.
    package private(set) var checksum: UInt32 = 0
    private let compressor: ZstdStream
    private let frameBytes: Int
    /// Payload bytes in the frame being written.
    private var inFrame = 0

    init(compressor: ZstdStream, frameBytes: Int) {
        self.compressor = compressor
        self.frameBytes = frameBytes
    }

    /// Adds `bytes` to the payload.
    package func append(_ bytes: UnsafeRawBufferPointer) throws {
        length += UInt64(bytes.count)
        checksum = CRC32C.checksum(bytes, continuing: checksum)
        var rest = bytes
        while !rest.isEmpty {
            let part = UnsafeRawBufferPointer(rebasing: rest.prefix(frameBytes - inFrame))
            try compressor.append(part)
            inFrame += part.count
            rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(part.count))
            if inFrame == frameBytes {
                try compressor.finish()
                inFrame = 0
            }
        }
    }

    /// Ends the last frame (unless the payload ended exactly at a frame's end); an empty payload is one empty frame.
    func finish() throws {
        if inFrame > 0 || length == 0 { try compressor.finish() }
    }

    /// Adds `bytes` to the payload.
    package func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }
}
