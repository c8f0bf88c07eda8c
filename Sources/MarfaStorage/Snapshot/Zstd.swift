import CZstd

/// A thin wrapper over libzstd's one-shot API that owns the buffers and turns error codes into `StorageError`s.
package enum Zstd {
    /// Answers `input` compressed as one zstd frame at `level` (1 is fastest).
    package static func compress(_ input: [UInt8], level: Int32 = 1) throws -> [UInt8] {
        let bound = ZSTD_compressBound(input.count)
        return try [UInt8](unsafeUninitializedCapacity: bound) { output, count in
            let result = input.withUnsafeBytes { source in
                ZSTD_compress(output.baseAddress, bound, source.baseAddress, source.count, level)
            }
            try check(result, "ZSTD_compress", code: StorageError.io)
            count = result
        }
    }

    /// Answers the decompression of the zstd frame `input`, which must expand to exactly `size` bytes.
    package static func decompress(_ input: [UInt8], size: Int) throws -> [UInt8] {
        try input.withUnsafeBytes { try decompress($0, size: size) }
    }

    /// Answers the decompression of the zstd frame in `input` (read in place, not copied), which must expand to
    /// exactly `size` bytes.
    package static func decompress(_ input: UnsafeRawBufferPointer, size: Int) throws -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: size) { output, count in
            let result = ZSTD_decompress(output.baseAddress, size, input.baseAddress, input.count)
            try check(result, "ZSTD_decompress", code: StorageError.storeCorrupt)
            guard result == size else {
                throw StorageError(
                    code: StorageError.storeCorrupt, message: "zstd frame expanded to \(result) bytes, not \(size)")
            }
            count = result
        }
    }

    /// Throws a `StorageError` with `code` when `result` is a zstd error code.
    static func check(_ result: Int, _ call: String, code: String = StorageError.io) throws {
        if ZSTD_isError(result) != 0 {
            let name = ZSTD_getErrorName(result).map { String(cString: $0) } ?? "unknown error"
            throw StorageError(code: code, message: "\(call) failed: \(name)")
        }
    }
}
