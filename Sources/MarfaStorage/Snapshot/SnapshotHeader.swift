/// The 34-byte header of a snapshot file: "MARFASNP", u16 format version, u64 segment number,
/// u64 uncompressed length, u32 CRC-32C of the uncompressed payload, u32 CRC-32C of the 30 bytes before it.
package struct SnapshotHeader: Equatable, Sendable {
    /// The eight magic bytes that open every snapshot file.
    package static let magic = Array("MARFASNP".utf8)
    /// The only format version this build writes and reads.
    package static let formatVersion: UInt16 = 1
    /// Encoded size in bytes; the zstd frames (`SnapshotFrames`) start here and run to the end of the file.
    package static let size = 34

    /// The snapshot holds the state after every record of segments below this number.
    package var segment: UInt64
    /// Length of the payload once decompressed.
    package var payloadLength: UInt64
    /// CRC-32C of the decompressed payload.
    package var payloadChecksum: UInt32

    /// Creates a header from its fields.
    package init(segment: UInt64, payloadLength: UInt64, payloadChecksum: UInt32) {
        self.segment = segment
        self.payloadLength = payloadLength
        self.payloadChecksum = payloadChecksum
    }

    /// Answers the header's 34 bytes.
    package func encoded() -> [UInt8] {
        var bytes = Self.magic
        LittleEndian.append(Self.formatVersion, to: &bytes)
        LittleEndian.append(segment, to: &bytes)
        LittleEndian.append(payloadLength, to: &bytes)
        LittleEndian.append(payloadChecksum, to: &bytes)
        LittleEndian.append(CRC32C.checksum(bytes), to: &bytes)
        return bytes
    }

    /// Reads and checks the header at the start of `bytes`; throws "store_corrupt" at offset 0 when it is bad.
    package static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> SnapshotHeader {
        let body = size - 4
        guard bytes.count >= size,
            bytes.prefix(magic.count).elementsEqual(magic),
            CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<body]))
                == LittleEndian.read(UInt32.self, from: bytes, at: body)
        else {
            throw StorageError.corrupt("bad snapshot header", path: path, offset: 0)
        }
        let version = LittleEndian.read(UInt16.self, from: bytes, at: magic.count)
        guard version == formatVersion else {
            throw StorageError(
                code: StorageError.unsupportedVersion,
                message: "snapshot format version \(version) is not readable by this build",
                path: path,
                offset: UInt64(magic.count)
            )
        }
        return SnapshotHeader(
            segment: LittleEndian.read(UInt64.self, from: bytes, at: 10),
            payloadLength: LittleEndian.read(UInt64.self, from: bytes, at: 18),
            payloadChecksum: LittleEndian.read(UInt32.self, from: bytes, at: 26)
        )
    }
}
