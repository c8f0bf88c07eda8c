import CZstd

/// zstd level-1 compress and decompress speed on one thread, over bytes shaped like the store's snapshot.
enum ZstdProbe {
    /// What the probe measured.
    struct Result: Codable, Sendable {
        /// Input bytes.
        var inputBytes: Int
        /// Compressed bytes.
        var compressedBytes: Int
        /// Compression speed, bytes of input per second.
        var compressBytesPerSecond: Double
        /// Decompression speed, bytes of output per second.
        var decompressBytesPerSecond: Double
    }

    /// Compresses `input` at level 1 (best of `rounds`) and decompresses it back.
    static func measure(_ input: [UInt8], rounds: Int) throws(BenchError) -> Result {
        let bound = ZSTD_compressBound(input.count)
        var compressed = [UInt8](repeating: 0, count: bound)
        var compressedSize = 0
        var bestCompress = Double.infinity
        for _ in 0..<rounds {
            let start = Stopwatch.now()
            compressedSize = compressed.withUnsafeMutableBytes { out in
                input.withUnsafeBytes { source in
                    ZSTD_compress(out.baseAddress, bound, source.baseAddress, source.count, 1)
                }
            }
            bestCompress = min(bestCompress, Stopwatch.seconds(since: start))
            guard ZSTD_isError(compressedSize) == 0 else { throw BenchError("zstd probe: compression failed") }
        }
        var output = [UInt8](repeating: 0, count: input.count)
        var bestDecompress = Double.infinity
        for _ in 0..<rounds {
            let start = Stopwatch.now()
            let size = output.withUnsafeMutableBytes { out in
                compressed.withUnsafeBytes { source in
                    ZSTD_decompress(out.baseAddress, out.count, source.baseAddress, compressedSize)
                }
            }
            bestDecompress = min(bestDecompress, Stopwatch.seconds(since: start))
            guard ZSTD_isError(size) == 0, size == input.count else {
                throw BenchError("zstd probe: decompression failed")
            }
        }
        return Result(
            inputBytes: input.count, compressedBytes: compressedSize,
            compressBytesPerSecond: Double(input.count) / bestCompress,
            decompressBytesPerSecond: Double(input.count) / bestDecompress)
    }

    /// The zstd library's version.
    static var libraryVersion: String {
        ZSTD_versionString().map { String(cString: $0) } ?? "unknown"
    }
}
