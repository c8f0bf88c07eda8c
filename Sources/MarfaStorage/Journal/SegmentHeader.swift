/// The 22-byte header of a journal segment file: "MARFAJNL", u16 format version, u64 segment number, u32 CRC-32C.
package struct SegmentHeader: Equatable, Sendable {
    /// The eight magic bytes that open every segment file.
    package static let magic = Array("MARFAJNL".utf8)
    /// The only format version this build writes and reads.
    package static let formatVersion: UInt16 = 1
    /// Encoded size in bytes; the first record starts here.
    package static let size = 22

    /// The segment number, which must match the file's name.
    package var segment: UInt64

    /// Creates the header of segment `segment`.
    package init(segment: UInt64) {
        self.segment = segment
    }

    /// Answers the header's 22 bytes, the last four being the CRC-32C of the first 18.
    package func encoded() -> [UInt8] {
        var bytes = Self.magic
        LittleEndian.append(Self.formatVersion, to: &bytes)
        LittleEndian.append(segment, to: &bytes)
        LittleEndian.append(CRC32C.checksum(bytes), to: &bytes)
        return bytes
    }

    /// Reads and checks the header at the start of `bytes`; throws "store_corrupt" at offset 0 when it is bad.
    package static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> SegmentHeader {
        let body = size - 4
        guard bytes.count >= size,
            bytes.prefix(magic.count).elementsEqual(magic),
            CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<body]))
                == LittleEndian.read(UInt32.self, from: bytes, at: body)
        else {
            throw StorageError.corrupt("bad journal segment header", path: path, offset: 0)
        }
        let version = LittleEndian.read(UInt16.self, from: bytes, at: magic.count)
        guard version == formatVersion else {
            throw StorageError(
                code: StorageError.unsupportedVersion,
                message: "journal format version \(version) is not readable by this build",
                path: path,
                offset: UInt64(magic.count)
            )
        }
        return SegmentHeader(segment: LittleEndian.read(UInt64.self, from: bytes, at: magic.count + 2))
    }
}
