import Foundation
import Glibc

/// The machine a run measured: CPU, cores, memory, kernel, the store's filesystem and library versions.
struct MachineFingerprint: Codable, Sendable {
    /// The CPU model name.
    var cpu: String
    /// Online cores.
    var cores: Int
    /// Physical memory in bytes.
    var memoryBytes: UInt64
    /// The kernel release.
    var kernel: String
    /// The filesystem type and device of the store's folder.
    var filesystem: String
    /// SQLite's version.
    var sqlite: String
    /// zstd's version.
    var zstd: String
    /// The toolchain, when `tools/bench` passes it (`MARFA_BENCH_TOOLCHAIN`).
    var toolchain: String
    /// A short hash of the fields above, naming baselines.
    var id: String

    /// Reads the fingerprint for a store kept in `directory`.
    static func read(directory: String) -> MachineFingerprint {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let cpu =
            cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        var names = utsname()
        uname(&names)
        let kernel = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var fingerprint = MachineFingerprint(
            cpu: cpu, cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory, kernel: kernel,
            filesystem: filesystem(of: directory), sqlite: SQLiteConnection.libraryVersion,
            zstd: ZstdProbe.libraryVersion,
            toolchain: ProcessInfo.processInfo.environment["MARFA_BENCH_TOOLCHAIN"] ?? "unknown", id: "")
        var hash = FNV1a()
        for field in [
            cpu, String(fingerprint.cores), String(fingerprint.memoryBytes), kernel, fingerprint.filesystem,
            fingerprint.sqlite,
        ] {
            hash.add(field)
        }
        fingerprint.id = String(hash.hex.prefix(10))
        return fingerprint
    }

    /// The type and source of the mount holding `directory` (longest mount point that prefixes it).
    private static func filesystem(of directory: String) -> String {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return "unknown" }
        var best: (point: String, description: String) = ("", "unknown")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let covers = directory == point || directory.hasPrefix(point == "/" ? "/" : point + "/")
            if covers && point.count >= best.point.count { best = (point, "\(fields[2]) on \(fields[0]) at \(point)") }
        }
        return best.description
    }
}
