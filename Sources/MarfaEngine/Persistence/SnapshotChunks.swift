import Foundation
import MarfaRules
import MarfaStorage

/// Decompresses a snapshot payload on a thread of its own into small reused buffers, cut at changes' ends, and hands
/// the pieces in payload order to the thread that applies them (Decision 0052).
///
/// The producing thread also decodes pieces of only items or only edges when the applying thread has `claimDepth`
/// others before them waiting (any but the first, when it may not decompress more), so the decoding spreads over
/// both cores as their loads come out; the applying thread decodes the rest itself. At most `piecesAhead` pieces
/// wait at once, so open holds a few MiB of payload, not all of it, and the bytes are read while still in the
/// cache. A new thread rather than a dispatch queue: the caller blocks on a
/// cooperative thread while it waits, and a pool thread might never come free.
final class SnapshotChunks: @unchecked Sendable {
    /// How the payload is cut and shared between the threads.
    struct Shape: Sendable {
        /// Bytes per piece: well inside one core's L2 cache.
        var pieceBytes = 256 << 10
        /// Pieces that may wait, decoded or not, before the producing thread stops decompressing.
        var piecesAhead = 12
        /// Pieces the applying thread has waiting before one the producing thread decodes while it could decompress
        /// instead; with `piecesAhead` waiting it decodes any but the first.
        var claimDepth = 3

        /// The shape open uses.
        static let standard = Shape()
    }

    /// The shape this stream is cut to.
    let shape: Shape

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [SnapshotChunk] = []
    /// Pieces the applying thread has taken so far: the index in `waiting` of piece `n` is `n - taken`.
    private var taken = 0
    private var spareBuffers: [[UInt8]] = []
    private var abandoned = false

    /// Starts decompressing and cutting `stream` on a thread of its own, to `shape`.
    init(_ stream: SnapshotPayloadStream, shape: Shape = .standard) {
        self.shape = shape
        let thread = Thread { [self] in
            let end = Result { try produce(stream) }
            hand(SnapshotChunk(content: .end(end), firstChange: 0, changeCount: 0, payloadOffset: 0))
        }
        thread.name = "marfa-snapshot"
        thread.start()
    }

    /// Waits for the next piece in payload order and takes it; the last is `.end`.
    func next() -> SnapshotChunk {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let first = waiting.first {
                if case .claimed = first.content {} else {
                    waiting.removeFirst()
                    taken += 1
                    condition.broadcast()
                    return first
                }
            }
            condition.wait()
        }
    }

    /// Gives back the buffer of a piece taken as bytes, for the producing thread to fill again; a buffer grown for a
    /// long change is let go instead, so the pieces stay small.
    func recycle(_ buffer: consuming [UInt8]) {
        guard buffer.count == shape.pieceBytes else { return }
        condition.lock()
        spareBuffers.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the producing thread that nothing more will be applied (a piece failed), so it decodes no more pieces
    /// and only decompresses the rest to check the checksum.
    func abandon() {
        condition.lock()
        abandoned = true
        condition.unlock()
    }

    private func hand(_ chunk: SnapshotChunk) {
        condition.lock()
        waiting.append(chunk)
        condition.broadcast()
        condition.unlock()
    }

    /// Decompresses the whole payload, handing it on in pieces, and checks its change count, length and checksum.
    /// A malformed change found while cutting is thrown only once the checksum has been found right, so a damaged
    /// snapshot is reported as such (and passed over by recovery) whatever its damage looks like.
    private func produce(_ stream: SnapshotPayloadStream) throws {
        var cutter = SnapshotCutter(
            buffer: takeBuffer(), pieceBytes: shape.pieceBytes, payloadLength: stream.payloadLength)
        do {
            while try cutter.fill(from: stream) {
                if let chunk = try cutter.cut(spare: takeBuffer()) { hand(chunk) }
            }
            if let chunk = try cutter.cut(spare: []) { hand(chunk) }
            try cutter.checkCount()
        } catch let error as MarfaError {
            var sink = [UInt8](repeating: 0, count: shape.pieceBytes)
            while try sink.withUnsafeMutableBytes({ try stream.read(into: $0) }) > 0 {}
            try stream.verify()
            throw error
        }
        try stream.verify()
    }

    /// A buffer for the next piece: a spare one, or a new one while few are out; waits (decoding waiting pieces
    /// meanwhile) while `piecesAhead` pieces wait.
    private func takeBuffer() -> [UInt8] {
        decodeWaiting()
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= shape.piecesAhead {
            condition.unlock()
            let decoded = decodeWaiting(after: 1)
            condition.lock()
            if !decoded, waiting.count >= shape.piecesAhead { condition.wait() }
        }
        return spareBuffers.popLast() ?? [UInt8](repeating: 0, count: shape.pieceBytes)
    }

    /// Decodes the newest waiting pieces of only items or only edges while the applying thread has `depth` pieces
    /// before them; answers whether it decoded any.
    @discardableResult
    private func decodeWaiting(after depth: Int? = nil) -> Bool {
        let depth = depth ?? shape.claimDepth
        var decodedAny = false
        while true {
            condition.lock()
            guard !abandoned,
                let index = waiting.indices.dropFirst(depth).last(where: { waiting[$0].isDecodable })
            else {
                condition.unlock()
                return decodedAny
            }
            let chunk = waiting[index]
            let number = taken + index
            waiting[index].content = .claimed
            condition.unlock()
            let content = chunk.decoded()
            condition.lock()
            waiting[number - taken].content = content
            if case .bytes(let buffer, _, _, _) = chunk.content, buffer.count == shape.pieceBytes {
                spareBuffers.append(buffer)
            }
            condition.broadcast()
            condition.unlock()
            decodedAny = true
        }
    }
}

extension SnapshotChunk {
    /// Whether the producing thread may decode this piece: bytes of only items or only edges.
    fileprivate var isDecodable: Bool {
        guard case .bytes(_, _, _, let kind) = content else { return false }
        return kind != .mixed
    }

    /// This piece's items or edges decoded, or the error decoding them threw.
    fileprivate func decoded() -> Content {
        guard case .bytes(let buffer, let start, let end, let kind) = content else { return content }
        var reader = ByteReader(buffer, offset: start, end: end)
        do throws(MarfaError) {
            switch kind {
            case .items: return .items(try Self.readAll(&reader, RowCodec.readItem(from:)))
            case .edges: return .edges(try Self.readAll(&reader, EdgeRecord.read(from:)))
            case .mixed: return content
            }
        } catch {
            return .failed(locate(error, from: start, path: ""))
        }
    }

    /// Reads every change left in `reader`, each a tag then what `read` reads.
    private static func readAll<Value>(
        _ reader: inout ByteReader, _ read: (inout ByteReader) throws(MarfaError) -> Value
    ) throws(MarfaError) -> [Value] {
        var values: [Value] = []
        while !reader.isAtEnd {
            _ = try reader.readByte()
            values.append(try read(&reader))
        }
        return values
    }
}
