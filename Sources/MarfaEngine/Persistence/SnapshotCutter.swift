import MarfaRules
import MarfaStorage

/// Fills a buffer from a snapshot stream and cuts it into pieces of whole changes (`SnapshotChunk`), carrying a
/// change cut short at the buffer's end over to the next buffer (Decision 0052); a change longer than the buffer
/// grows it, never past what is left of the payload. Bytes that cannot begin a change are refused at once, not
/// read as a change cut short.
struct SnapshotCutter {
    private var buffer: [UInt8]
    /// Bytes of `buffer` filled so far.
    private var filled = 0
    /// Where the next piece starts in `buffer`.
    private var start = 0
    /// Where `buffer` starts in the payload.
    private var payloadOffset = 0
    /// Changes handed on so far, and how many the payload says it holds (read from its first bytes).
    private var changes = 0
    private var expected: Int?
    /// Whether the stream has ended: the buffer then holds the payload's last bytes.
    private var ended = false

    /// The payload's length, which bounds the change count it may claim (each change takes at least a byte).
    private let payloadLength: Int
    /// The size of a new buffer when the spare given is too small for what is carried over.
    private let pieceBytes: Int

    /// Starts with `buffer` (any size but 0) for a payload of `payloadLength` bytes, cut into pieces of about
    /// `pieceBytes`.
    init(buffer: [UInt8], pieceBytes: Int, payloadLength: Int) {
        self.buffer = buffer
        self.pieceBytes = pieceBytes
        self.payloadLength = payloadLength
    }

    /// Decompresses into the rest of the buffer, growing it first when it is full; answers false once the payload
    /// has ended.
    mutating func fill(from stream: SnapshotPayloadStream) throws -> Bool {
        if filled == buffer.count {
            // At least one byte more, so that a stream with nothing left reads short and ends.
            let rest = payloadLength - payloadOffset - filled
            buffer.append(contentsOf: repeatElement(0, count: Swift.max(1, Swift.min(buffer.count, rest))))
        }
        let count = try buffer.withUnsafeMutableBytes { bytes in
            try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[filled...]))
        }
        filled += count
        ended = filled < buffer.count
        return !ended
    }

    /// The whole changes filled since the last piece, as a piece, going on in `spare` with what is left over; nil
    /// when no change is whole yet. Once the stream has ended, a change cut short is "store_corrupt".
    mutating func cut(spare: consuming [UInt8]) throws(MarfaError) -> SnapshotChunk? {
        var reader = ByteReader(buffer, offset: start, end: filled)
        do throws(MarfaError) {
            if expected == nil {
                guard let count = Int(exactly: try reader.readVarint()), count <= payloadLength else {
                    throw MarfaError.storeCorrupt(path: "", offset: 0, message: "impossible change count")
                }
                expected = count
                start = reader.offset
            }
            var kind: SnapshotChunk.Kind?
            var count = 0
            var end = start
            while !reader.isAtEnd {
                let tag: UInt8
                do throws(MarfaError) {
                    tag = try StoreChange.skip(from: &reader)
                } catch {
                    if ended || !ByteReader.ranOutOfBytes(error) { throw error }
                    break
                }
                let next: SnapshotChunk.Kind =
                    tag == StoreChange.putItemTag ? .items : tag == StoreChange.putEdgeTag ? .edges : .mixed
                kind = kind == nil || kind == next ? next : .mixed
                count += 1
                end = reader.offset
            }
            guard let kind else { return nil }
            let chunk = SnapshotChunk(
                content: .bytes(buffer: buffer, start: start, end: end, kind: kind), firstChange: changes,
                changeCount: expected ?? 0, payloadOffset: payloadOffset + start)
            var next = spare
            if next.count < filled - end {
                next = [UInt8](repeating: 0, count: Swift.max(pieceBytes, filled - end))
            }
            next.withUnsafeMutableBytes { target in
                buffer.withUnsafeBytes { source in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[end..<filled]))
                }
            }
            changes += count
            payloadOffset += end
            filled -= end
            start = 0
            buffer = next
            return chunk
        } catch {
            guard case .storeCorrupt(_, let offset, let message) = error else { throw error }
            throw MarfaError.storeCorrupt(path: "", offset: Int64(payloadOffset) + offset, message: message)
        }
    }

    /// Checks, once every piece is cut, that the payload held as many changes as it said.
    func checkCount() throws(MarfaError) {
        guard changes == expected else {
            throw MarfaError.storeCorrupt(
                path: "", offset: Int64(payloadOffset + filled),
                message: "the payload holds \(changes) changes, not \(expected ?? 0)")
        }
    }
}
