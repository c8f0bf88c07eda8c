import Glibc

/// The fsync probe: append a block and `fdatasync`, repeatedly (as `storage-probe` does), on the store's filesystem
/// (64 bytes: what one durable commit costs at the least).
enum FsyncProbe {
    /// Median and p99 of `count` rounds of one `bytes`-long append + fdatasync in `directory`.
    static func measure(directory: String, count: Int, bytes: Int = 64) throws(BenchError) -> LatencySummary {
        let path = directory + "/fsync-probe"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw BenchError("fsync probe: cannot open \(path) (errno \(errno))") }
        defer {
            close(descriptor)
            unlink(path)
        }
        let block = [UInt8](repeating: 0x5A, count: max(1, bytes))
        var times: [UInt64] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let start = Stopwatch.now()
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == block.count, fdatasync(descriptor) == 0 else {
                throw BenchError("fsync probe: write or fdatasync failed (errno \(errno))")
            }
            times.append(Stopwatch.now() &- start)
        }
        guard let summary = LatencySummary(nanoseconds: times) else { throw BenchError("fsync probe: no samples") }
        return summary
    }
}
