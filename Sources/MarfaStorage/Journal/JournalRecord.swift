/// Frames journal records: u32 little-endian payload length, u32 CRC-32C of (length bytes + payload), payload.
///
/// Empty payloads are refused so that a zero-filled tail, the space written ahead of a segment's tail, can never
/// parse as a record: it is the end of the segment.
package enum JournalRecord {
    /// Bytes before the payload: the length and the checksum.
    package static let frameHeaderSize = 8

    /// Appends the framed record for `payload` to `buffer`; refuses empty payloads and payloads over 4 GiB - 1.
    package static func append(_ payload: [UInt8], to buffer: inout [UInt8]) throws {
        let header = try frameHeaderWord(for: payload)
        withUnsafeBytes(of: header.littleEndian) { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: payload)
    }

    /// A payload with its frame header worked out, ready to queue: whoever encodes a record checksums it too, so
    /// the caller that fixes the order of records only queues it.
    package struct Framed: Sendable {
        /// The frame header word (`frameHeaderWord(for:)`).
        package let header: UInt64
        /// The payload the header frames.
        package let payload: [UInt8]

        /// Frames `payload`; refuses empty payloads and payloads over 4 GiB - 1.
        package init(_ payload: [UInt8]) throws {
            header = try JournalRecord.frameHeaderWord(for: payload)
            self.payload = payload
        }
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
        /// The offset is the end of the bytes, or every byte from it on is zero (space written ahead of the tail).
        case end
        /// A bad record that, if the segment is the last one written, is an unacknowledged torn write.
        case torn(TornTailReason)
        /// A bad record that no crash can explain.
        case corrupt(String)
    }

    /// Judges the record starting at `offset` in `bytes` (a whole segment file).
    ///
    /// A bad record is torn only when no valid record follows it anywhere in `bytes` (Issue 26.1): its declared
    /// length runs past the end, or it fails its checksum with only zeros after its declared end (a write cut short
    /// at the tail, the end of the file or the zeros ahead of it). A valid record further on means the bad one is
    /// damage, not a torn write, whatever its length field says: it is corrupt.
    /// - Complexity: O(payload length); a bad record adds a look for a valid record in the rest of the file.
    package static func scan(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Scan {
        let remaining = bytes.count - offset
        if remaining == 0 { return .end }
        if remaining < frameHeaderSize {
            return isZero(bytes, from: offset) ? .end : .torn(.runsPastEnd)
        }
        let length = Int(LittleEndian.read(UInt32.self, from: bytes, at: offset))
        if length == 0 {
            return isZero(bytes, from: offset) ? .end : .corrupt("zero-length record")
        }
        let end = offset + frameHeaderSize + length
        if end > bytes.count { return tornUnlessFollowed(.runsPastEnd, bytes, at: offset) }
        guard isValid(bytes, at: offset, length: length) else {
            guard isZero(bytes, from: end) else { return .corrupt("record checksum mismatch") }
            return tornUnlessFollowed(.badChecksumAtEnd, bytes, at: offset)
        }
        return .record(payload: offset + frameHeaderSize..<end, next: end)
    }

    /// Whether the record at `offset` with payload `length` (which fits in `bytes`) holds its checksum.
    private static func isValid(_ bytes: UnsafeRawBufferPointer, at offset: Int, length: Int) -> Bool {
        let stored = LittleEndian.read(UInt32.self, from: bytes, at: offset + 4)
        let lengthCRC = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 4]))
        let payloadStart = offset + frameHeaderSize
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart..<payloadStart + length])
        return CRC32C.checksum(payload, continuing: lengthCRC) == stored
    }

    /// The bad record at `offset` is torn for `reason` unless a valid record starts at a later byte: then it is
    /// corrupt, naming where that record starts.
    private static func tornUnlessFollowed(
        _ reason: TornTailReason, _ bytes: UnsafeRawBufferPointer, at offset: Int
    ) -> Scan {
        guard let later = validRecordStart(in: bytes, after: offset) else { return .torn(reason) }
        return .corrupt("bad record (\(reason.rawValue)) followed by a valid record \(later - offset) bytes on")
    }

    /// The first offset after `offset` where a valid record (length ≥ 1 that fits, checksum that holds) starts,
    /// looking only as far as the last non-zero byte: the zeros ahead of the tail hold no record.
    static func validRecordStart(in bytes: UnsafeRawBufferPointer, after offset: Int) -> Int? {
        var dataEnd = bytes.count
        while dataEnd >= 8, bytes.loadUnaligned(fromByteOffset: dataEnd - 8, as: UInt64.self) == 0 { dataEnd -= 8 }
        while dataEnd > 0, bytes[dataEnd - 1] == 0 { dataEnd -= 1 }
        var start = offset + 1
        while start + frameHeaderSize < dataEnd {
            let length = Int(LittleEndian.read(UInt32.self, from: bytes, at: start))
            if length > 0, start + frameHeaderSize + length <= bytes.count, isValid(bytes, at: start, length: length) {
                return start
            }
            start += 1
        }
        return nil
    }

    /// Whether every byte from `offset` on is zero, eight at a time (a zero tail can be megabytes long).
    private static func isZero(_ bytes: UnsafeRawBufferPointer, from offset: Int) -> Bool {
        var position = offset
        while position + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self) != 0 { return false }
            position += 8
        }
        return bytes[position...].allSatisfy { $0 == 0 }
    }
}
