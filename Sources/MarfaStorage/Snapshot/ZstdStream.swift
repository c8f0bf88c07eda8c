import CZstd

/// A streaming zstd compressor that hands each compressed block to a sink as soon as zstd emits it.
///
/// With `workers` above 0, libzstd compresses on its own threads while the caller goes on producing input, so
/// encoding and compression overlap (and compression itself spreads over the cores).
final class ZstdStream {
    private let context: OpaquePointer
    private var output: [UInt8]
    private let sink: (UnsafeRawBufferPointer) throws -> Void

    /// Starts a frame at `level`, compressing on `workers` extra threads (0: on the caller's thread).
    init(level: Int32, workers: Int32, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let context = ZSTD_createCCtx() else {
            throw StorageError(code: StorageError.io, message: "ZSTD_createCCtx failed")
        }
        self.context = context
        self.sink = sink
        output = [UInt8](repeating: 0, count: max(ZSTD_CStreamOutSize(), 1 << 20))
        try Zstd.check(
            ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, level), "ZSTD_c_compressionLevel")
        if workers > 0 {
            // A library built without threads refuses the parameter; compressing inline is still correct.
            _ = ZSTD_CCtx_setParameter(context, ZSTD_c_nbWorkers, workers)
        }
    }

    deinit {
        ZSTD_freeCCtx(context)
    }

    /// Feeds `bytes` into the frame.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        var input = ZSTD_inBuffer(src: base, size: bytes.count, pos: 0)
        while input.pos < input.size {
            _ = try step(&input, ZSTD_e_continue)
        }
    }

    /// Ends the frame, flushing everything still inside zstd to the sink; the next `append` starts a new frame.
    func finish() throws {
        var input = ZSTD_inBuffer(src: nil, size: 0, pos: 0)
        while try step(&input, ZSTD_e_end) != 0 {}
    }

    /// One compressStream2 call; hands any output to the sink and answers what zstd says is left to flush.
    private func step(_ input: inout ZSTD_inBuffer, _ directive: ZSTD_EndDirective) throws -> Int {
        let capacity = output.count
        let (remaining, produced) = try output.withUnsafeMutableBytes { buffer in
            var out = ZSTD_outBuffer(dst: buffer.baseAddress, size: capacity, pos: 0)
            let remaining = ZSTD_compressStream2(context, &out, &input, directive)
            try Zstd.check(remaining, "ZSTD_compressStream2")
            return (remaining, out.pos)
        }
        if produced > 0 {
            try output.withUnsafeBytes { try sink(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) }
        }
        return remaining
    }
}
