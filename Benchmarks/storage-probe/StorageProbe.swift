import Foundation
import Glibc
import MarfaStorage

/// Measures durable-append latency and group-commit throughput against raw fdatasync on this machine's disk.
@main
struct StorageProbe {
    /// The record payload: 64 bytes, or `--payload-bytes N` (2400 is about one encoded benchmark item).
    static let payload = [UInt8](repeating: 0x5A, count: payloadBytes)
    static let payloadBytes: Int = {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: "--payload-bytes"), flag + 1 < arguments.count else { return 64 }
        return Int(arguments[flag + 1]) ?? 64
    }()

    static func main() async throws {
        let root = FileManager.default.temporaryDirectory.path + "/marfa-probe-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }

        let fsync = try rawDataSyncLatencies(path: root + "/raw", count: 1000)
        print("raw append+fdatasync   median \(micros(fsync.median)) µs   p99 \(micros(fsync.p99)) µs   (n=1000)")
        print("memcpy                 \(String(format: "%.1f", memcpyGigabytesPerSecond())) GB/s")

        let serial = try await serialLatencies(path: root + "/serial", count: 1000)
        print(
            "serial enqueue+wait    median \(micros(serial.median)) µs (\(ratio(serial.median, fsync.median)) fsync)"
                + "   p99 \(micros(serial.p99)) µs (\(ratio(serial.p99, fsync.median)) fsync)   (n=1000, \(payloadBytes) B)")

        for writers in [1, 8, 64] {
            let (records, syncs, seconds) = try await throughput(path: root + "/group-\(writers)", writers: writers)
            let perSecond = Double(records) / seconds
            let ceiling = 1 / fsync.median
            print(
                "writers \(String(writers).padding(toLength: 3, withPad: " ", startingAt: 0))"
                    + "            \(Int(perSecond)) records/s = \(String(format: "%.1f", perSecond / ceiling))"
                    + " × (1/fsync), \(String(format: "%.1f", Double(records) / Double(max(syncs, 1))))"
                    + " records per fdatasync   (\(records) records in \(String(format: "%.1f", seconds)) s)")
        }
    }

    struct Latencies {
        var median: Double
        var p99: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = sorted[sorted.count / 2]
            p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
        }
    }

    static func rawDataSyncLatencies(path: String, count: Int) throws -> Latencies {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError(code: "io", message: "open failed", path: path) }
        defer { close(fd) }
        var samples: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = payload.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            _ = fdatasync(fd)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Latencies(samples)
    }

    static func memcpyGigabytesPerSecond() -> Double {
        let size = 64 << 20
        let source = [UInt8](repeating: 1, count: size)
        var target = [UInt8](repeating: 0, count: size)
        let rounds = 10
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<rounds {
            target.withUnsafeMutableBytes { to in source.withUnsafeBytes { from in to.copyMemory(from: from) } }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        precondition(target[size - 1] == 1)
        return Double(size * rounds) / seconds / 1e9
    }

    static func serialLatencies(path: String, count: Int) async throws -> Latencies {
        let directory = try StoreDirectory.open(at: path)
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        var samples: [Double] = []
        for _ in 0..<count {
            let start = DispatchTime.now().uptimeNanoseconds
            try await journal.waitDurable(try journal.enqueue(payload))
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        try await journal.close()
        return Latencies(samples)
    }

    static func throughput(path: String, writers: Int) async throws -> (records: Int, syncs: UInt64, seconds: Double) {
        let directory = try StoreDirectory.open(at: path)
        defer { directory.close() }
        let journal = try Journal.open(in: directory, segment: 1)
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + 2_000_000_000
        let records = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<writers {
                group.addTask {
                    var count = 0
                    while DispatchTime.now().uptimeNanoseconds < deadline {
                        try await journal.waitDurable(try journal.enqueue(payload))
                        count += 1
                    }
                    return count
                }
            }
            return try await group.reduce(0, +)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let syncs = journal.syncCount
        try await journal.close()
        return (records, syncs, seconds)
    }

    static func micros(_ seconds: Double) -> String {
        String(format: "%.0f", seconds * 1e6)
    }

    static func ratio(_ value: Double, _ unit: Double) -> String {
        String(format: "%.2f×", value / unit)
    }
}
