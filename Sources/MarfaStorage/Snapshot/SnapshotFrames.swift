import CZstd
import Dispatch
import Foundation

/// How a snapshot's zstd data is cut into frames (Decision 0036; open streams across them, Decision 0052): every
/// frame but the last expands to exactly `frameBytes`, and a skippable frame after the last one says how many that
/// is. One-shot `ZSTD_decompress`, which builds before this one use, reads concatenated frames and passes over
/// skippable ones, so the file decodes to the same payload either way; a snapshot of one frame and no trailer (as
/// those builds write) is decompressed in one piece, as before.
package enum SnapshotFrames {
    /// Raw bytes per frame when the writer is not told otherwise. Each frame's end drains zstd's worker threads
    /// before the next frame starts, which the snapshot write waits for, so frames are few: five at 100k items.
    package static let defaultFrameBytes = 64 << 20
    /// The trailer's magic number (zstd reserves 0x184D2A50 through 0x184D2A5F for skippable frames).
    static let trailerMagic: UInt32 = 0x184D_2A5E
    /// What the trailer holds after its 8-byte frame header: this marker, then the frame size as a little-endian u64.
    static let trailerMarker = Array("MARFAFRM".utf8)
    /// The trailer's whole size: magic, content length, marker, frame size.
    static let trailerSize = 8 + 8 + 8

    /// The skippable frame that records `frameBytes`, written after the last frame.
    static func trailer(frameBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        LittleEndian.append(trailerMagic, to: &bytes)
        LittleEndian.append(UInt32(trailerSize - 8), to: &bytes)
        bytes += trailerMarker
        LittleEndian.append(UInt64(frameBytes), to: &bytes)
        return bytes
    }

    /// Answers the decompression of `data` (a snapshot's bytes after its header), which must expand to exactly
    /// `size` bytes, and its CRC-32C: its frames on two threads, each checksumming what it decompressed while it is
    /// still in the cache, when a trailer gives their size, else in one piece. A trailer that is damaged or does not
    /// fit the frames is "store_corrupt", as damage anywhere else is.
    static func decompress(_ data: UnsafeRawBufferPointer, size: Int) throws -> (payload: [UInt8], checksum: UInt32) {
        guard let (frames, frameBytes) = try checkTrailer(of: data, size: size), frames.count > 1 else {
            return try inOnePiece(data, size: size)
        }
        var checksum: UInt32 = 0
        let payload = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let output = UnsafeMutableRawBufferPointer(buffer)
            // The first half on this thread: the whole frames nearest half the payload, at least one each.
            let half = min(max(1, (size + frameBytes) / (2 * frameBytes)), frames.count - 1)
            let second = FrameRun(frames: frames, range: half..<frames.count, frameBytes: frameBytes, output: output)
            second.start()
            let first = Result {
                try FrameRun.decompress(frames, range: 0..<half, frameBytes: frameBytes, into: output)
            }
            let secondResult = second.wait()
            checksum = CRC32C.combine(
                try first.get(), try secondResult.get(), lengthOfB: size - half * frameBytes)
            count = size
        }
        return (payload, checksum)
    }

    /// The frames of `data` and the frame size its trailer names, checked to hold exactly `size` bytes, or nil
    /// when `data` has no trailer; throws "store_corrupt" for a damaged trailer or one that does not fit the frames.
    @discardableResult
    static func checkTrailer(of data: UnsafeRawBufferPointer, size: Int) throws -> (
        frames: [UnsafeRawBufferPointer], frameBytes: Int
    )? {
        guard let (frames, frameBytes) = try split(data) else { return nil }
        guard size <= frames.count * frameBytes, frames.count == 1 || (frames.count - 1) * frameBytes < size else {
            throw corrupt("\(frames.count) frames of \(frameBytes) bytes cannot hold \(size) bytes")
        }
        return (frames, frameBytes)
    }

    private static func inOnePiece(_ data: UnsafeRawBufferPointer, size: Int) throws -> (
        payload: [UInt8], checksum: UInt32
    ) {
        let payload = try Zstd.decompress(data, size: size)
        return (payload, CRC32C.checksum(payload))
    }

    /// The compressed frames of `data` and the trailer's frame size, or nil when `data` does not end in a trailer
    /// (or is not made of whole frames, which the one-piece decompression then reports); throws "store_corrupt" for
    /// a damaged trailer.
    static func split(_ data: UnsafeRawBufferPointer) throws -> (frames: [UnsafeRawBufferPointer], frameBytes: Int)? {
        guard let base = data.baseAddress else { return nil }
        var frames: [UnsafeRawBufferPointer] = []
        var offset = 0
        while offset < data.count {
            let length = ZSTD_findFrameCompressedSize(base + offset, data.count - offset)
            guard ZSTD_isError(length) == 0, length >= 4 else { return nil }
            let frame = UnsafeRawBufferPointer(rebasing: data[offset..<(offset + length)])
            offset += length
            guard LittleEndian.read(UInt32.self, from: frame, at: 0) == trailerMagic else {
                frames.append(frame)
                continue
            }
            guard offset == data.count, frame.count == trailerSize, frame[8..<16].elementsEqual(trailerMarker) else {
                throw corrupt("damaged frame trailer")
            }
            let frameBytes = LittleEndian.read(UInt64.self, from: frame, at: 16)
            guard (1...maximumFrameBytes).contains(frameBytes), !frames.isEmpty else {
                throw corrupt("frame trailer names \(frameBytes) bytes a frame")
            }
            return (frames, Int(frameBytes))
        }
        return nil
    }

    /// The largest frame size a trailer may name (1 TiB), so that sizes computed from it cannot overflow.
    private static let maximumFrameBytes: UInt64 = 1 << 40

    private static func corrupt(_ message: String) -> StorageError {
        StorageError(code: StorageError.storeCorrupt, message: message)
    }
}

/// A run of frames decompressed on a thread of its own into their places in the payload.
///
/// A new thread rather than a dispatch queue: the caller waits on a cooperative thread, and a pool thread might
/// never come free to run the run.
private final class FrameRun: @unchecked Sendable {
    // Written by the thread before it signals `done`, read by the caller only after `wait()`; the frames and the
    // output outlive the thread, since the caller waits for it before it returns.
    private let frames: [UnsafeRawBufferPointer]
    private let range: Range<Int>
    private let frameBytes: Int
    private let output: UnsafeMutableRawBufferPointer
    private var result: Result<UInt32, any Error> = .success(0)
    private let done = DispatchSemaphore(value: 0)

    init(frames: [UnsafeRawBufferPointer], range: Range<Int>, frameBytes: Int, output: UnsafeMutableRawBufferPointer) {
        self.frames = frames
        self.range = range
        self.frameBytes = frameBytes
        self.output = output
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in
            result = Result { try Self.decompress(frames, range: range, frameBytes: frameBytes, into: output) }
            done.signal()
        }
        thread.name = "marfa-frames"
        thread.start()
    }

    /// Waits for the run and answers how it ended: the CRC-32C of its frames' bytes, or what it threw.
    func wait() -> Result<UInt32, any Error> {
        done.wait()
        return result
    }

    /// Decompresses `frames[range]`, frame `i` to offset `i × frameBytes` of `output`, and answers the CRC-32C of the
    /// bytes they filled; every frame must fill its place exactly (the last one: up to the end of `output`).
    static func decompress(
        _ frames: [UnsafeRawBufferPointer], range: Range<Int>, frameBytes: Int,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> UInt32 {
        guard !range.isEmpty, let base = output.baseAddress else { return 0 }
        var checksum: UInt32 = 0
        guard let context = ZSTD_createDCtx() else {
            throw StorageError(code: StorageError.io, message: "ZSTD_createDCtx failed")
        }
        defer { ZSTD_freeDCtx(context) }
        for index in range {
            let start = index * frameBytes
            let expected = min(frameBytes, output.count - start)
            let frame = frames[index]
            let result = ZSTD_decompressDCtx(context, base + start, expected, frame.baseAddress, frame.count)
            try Zstd.check(result, "ZSTD_decompressDCtx", code: StorageError.storeCorrupt)
            guard result == expected else {
                throw StorageError(
                    code: StorageError.storeCorrupt,
                    message: "zstd frame \(index) expanded to \(result) bytes, not \(expected)")
            }
            let filled = UnsafeRawBufferPointer(start: base + start, count: expected)
            checksum = CRC32C.checksum(filled, continuing: checksum)
        }
        return checksum
    }
}
