/// Takes a snapshot's payload piece by piece and streams it, compressed, into the snapshot's temporary file,
/// keeping the length and checksum the header needs.
///
/// The encoder calls `append` as it goes, so the whole payload never sits in memory and encoding overlaps
/// compression (which runs on zstd's worker threads) and the disk writes.
package final class SnapshotPayloadSink {
    /// Bytes handed to `append` so far: the payload length.
    package private(set) var length: UInt64 = 0
    /// CRC-32C of everything handed to `append` so far.
    package private(set) var checksum: UInt32 = 0
    private let compressor: ZstdStream

    init(compressor: ZstdStream) {
        self.compressor = compressor
    }

    /// Adds `bytes` to the payload.
    package func append(_ bytes: UnsafeRawBufferPointer) throws {
        length += UInt64(bytes.count)
        checksum = CRC32C.checksum(bytes, continuing: checksum)
        try compressor.append(bytes)
    }

    /// Adds `bytes` to the payload.
    package func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }
}
