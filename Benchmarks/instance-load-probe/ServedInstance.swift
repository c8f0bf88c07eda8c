import Foundation
import Glibc

/// `marfa instance serve` run as a child process on a loopback port with a temporary data folder and a known key.
struct ServedInstance {
    let process: Process
    let port: Int
    let key: String
    let folder: String

    /// Starts `marfa` at `binary` and waits (at most 30 s) until its port accepts connections.
    static func start(binary: String, port: Int, key: String) throws -> ServedInstance {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("load-probe-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "instance", "serve", "--host", "127.0.0.1", "--port", String(port), "--key", key, "--data", folder.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let served = ServedInstance(process: process, port: port, key: key, folder: folder.path)
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline {
            if let probe = LoopbackSocket(port: port) {
                probe.close()
                return served
            }
            usleep(50_000)
        }
        served.stop()
        throw ProbeFailure("the instance did not listen on port \(port) within 30 s")
    }

    /// The instance's resident memory in MiB, from `/proc/PID/status`.
    var residentMebibytes: Double {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kibibytes / 1024
    }

    /// Stops the instance with SIGTERM (a graceful stop), waits for it and removes its folder.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Why the probe could not run.
struct ProbeFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
