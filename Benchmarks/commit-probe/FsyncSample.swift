import Glibc
import MarfaRules

/// The disk's phase at one moment: the median of 40 appends of 64 bytes, each followed by fdatasync (this
/// machine's disk flips between about 0.1 ms and 4 ms, so every figure needs its own probe beside it).
enum FsyncSample {
    /// The median seconds, measured on a scratch file in `folder` (made if missing, the file removed after).
    static func median(in folder: String) throws -> Double {
        mkdir(folder, 0o755)
        let path = folder + "/fsync-sample"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw MarfaError.io(message: "cannot open \(path)") }
        defer {
            close(descriptor)
            unlink(path)
        }
        let bytes = [UInt8](repeating: 0x5A, count: 64)
        var samples: [Double] = []
        for _ in 0..<40 {
            var start = timespec()
            clock_gettime(CLOCK_MONOTONIC, &start)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            _ = fdatasync(descriptor)
            var end = timespec()
            clock_gettime(CLOCK_MONOTONIC, &end)
            samples.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
        }
        return samples.sorted()[samples.count / 2]
    }
}
