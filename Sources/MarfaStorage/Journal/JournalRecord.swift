/// Frames journal records: u32 little-endian payload length, u32 CRC-32C of (length bytes + payload), payload.
///
/// Empty payloads are refused so that a zero-filled tail can never parse as a record.
package enum JournalRecord {
    /// Bytes before the payload: the length and the checksum.
    package static let frameHeaderSize = 8

    /// Appends the framed record for `payload` to `buffer`; refuses empty payloads and payloads over 4 GiB - 1.
    package static func append(_ payload: [UInt8], to buffer: inout [UInt8]) throws {
        let header = try frameHeaderWord(for: payload)
        withUnsafeBytes(of: header.littleEndian) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: payload)
    }

    /// The frame header of `payload` as one little-endian word: the length in the low half, the checksum in the
    /// high half (written little-endian, the 8 bytes before the payload).
    ///
    /// Refuses empty payloads and payloads over 4 GiB - 1.
    package static func frameHeaderWord(for payload: [UInt8]) throws -> UInt64 {
        guard !payload.isEmpty, payload.count <= Int(UInt32.max) else {
            throw StorageError(
                code: StorageError.invalidArgument,
                message: "a journal record payload must hold 1 to \(UInt32.max) bytes, not \(payload.count)"
            )
        }
        let length = UInt32(payload.count)
        let lengthCRC = withUnsafeBytes(of: length.littleEndian) { CRC32C.checksum($0) }
        let crc = payload.withUnsafeBytes { CRC32C.checksum($0, continuing: lengthCRC) }
        return UInt64(length) | UInt64(crc) << 32
    }

    /// What the bytes at one offset of a segment hold.
    package enum Scan: Equatable, Sendable {
        /// A valid record whose payload occupies `payload`; the next record starts at `next`.
        case record(payload: Range<Int>, next: Int)
        /// The offset is the end of the bytes.
        case end
        /// A bad record that, if the segment is the last one written, is an unacknowledged torn write.
        case torn(TornTailReason)
        /// A bad record that no crash can explain.
        case corrupt(String)
    }

    /// Judges the record starting at `offset` in `bytes` (a whole segment file).
    /// - Complexity: O(payload length), plus O(rest of file) only for a zero-length frame.
    package static func scan(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Scan {
        let remaining = bytes.count - offset
        if remaining == 0 { return .end }
        if remaining < frameHeaderSize {
            return .torn(isZero(bytes, from: offset) ? .zeroFilled : .runsPastEnd)
        }
        let length = Int(LittleEndian.read(UInt32.self, from: bytes, at: offset))
        if length == 0 {
            return isZero(bytes, from: offset) ? .torn(.zeroFilled) : .corrupt("zero-length record")
        }
        let end = offset + frameHeaderSize + length
        if end > bytes.count { return .torn(.runsPastEnd) }
        let stored = LittleEndian.read(UInt32.self, from: bytes, at: offset + 4)
        let lengthCRC = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]))
        let payload = UnsafeRawBufferPointer(rebasing: bytes[offset + frameHeaderSize..<end])
        guard CRC32C.checksum(payload, continuing: lengthCRC) == stored else {
            return end == bytes.count ? .torn(.badChecksumAtEnd) : .corrupt("record checksum mismatch")
        }
        return .record(payload: offset + frameHeaderSize..<end, next: end)
    }

    private static func isZero(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Bool {
        bytes[offset...].allSatisfy { $0 == 0 }
    }
}
