import Foundation
import MarfaRules

/// One finished `marfa` process: how it ended and what it printed.
struct ProcessResult {
    /// The exit status, or the signal number when `signaled`.
    var status: Int32
    /// Whether a signal ended it (a crash, unless the drill sent it).
    var signaled: Bool
    /// Standard output read as JSON, nil when it was not JSON.
    var answer: JSONValue?
    /// Standard error as text.
    var stderr: String

    /// The refusal's `error.code` under `--json`, nil when standard error holds no such object.
    var code: String? { refusal?["code"]?.string }
    /// The refusal's message.
    var message: String { refusal?["message"]?.string ?? stderr }

    private var refusal: JSONObject? {
        (try? JSONValue(json: stderr.trimmingCharacters(in: .whitespacesAndNewlines)))?.object?["error"]?.object
    }
}

/// Runs the real `marfa` executable built beside the drill, one process per operation (device-cli "Process model").
struct Marfa {
    /// The executable.
    let executable: URL

    /// Finds `marfa` in the drill's own build folder.
    init() throws {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        executable = own.deletingLastPathComponent().appendingPathComponent("marfa")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw DrillFailure("no marfa executable beside the drill at \(executable.path)")
        }
    }

    /// Runs `marfa --json` with `arguments`; with `fileSizeKiB`, under that file-size limit with SIGXFSZ ignored
    /// (a full disk, Issue 26.5).
    func run(_ arguments: [String], environment: [String: String] = [:], fileSizeKiB: Int? = nil) throws
        -> ProcessResult
    {
        let process = Process()
        if let fileSizeKiB {
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "ulimit -f \(fileSizeKiB); trap '' XFSZ; exec \"$0\" \"$@\"", executable.path,
                "--json"] + arguments
        } else {
            process.executableURL = executable
            process.arguments = ["--json"] + arguments
        }
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorReader = Thread.detachedReading(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errorReader.wait()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
            answer: try? JSONValue(jsonBytes: stdout), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts a long-running `marfa --json` process (an instance, a `follow`), its output discarded.
    func start(_ arguments: [String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--json"] + arguments
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

extension Thread {
    /// Reads `handle` to its end on a thread of its own; `wait()` answers what was read.
    static func detachedReading(_ handle: FileHandle) -> ReadToEnd {
        let reading = ReadToEnd()
        Thread.detachNewThread { reading.finish(handle.readDataToEndOfFile()) }
        return reading
    }
}

/// The bytes a reading thread read to the end of its pipe.
final class ReadToEnd: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    func finish(_ data: Data) {
        self.data = data
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A reason the drill itself could not run (not a finding).
struct DrillFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The reference instance, served by `marfa instance serve` on a loopback port of its choosing.
final class ServedInstance {
    /// The instance's origin.
    let url: String
    /// The operator key it was started with.
    let key = "marfa_k1_corruption-drill-operator"
    private let process: Process

    /// Starts the instance with its data in `folder` and waits for the line naming its URL.
    init(marfa: Marfa, folder: String) throws {
        let output = Pipe()
        process = try marfa.start(
            ["instance", "serve", "--port", "0", "--data", folder, "--key", key], output: output)
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw DrillFailure("the reference instance ended before naming its URL") }
            line += chunk
        }
        guard let url = (try? JSONValue(jsonBytes: line))?.object?["url"]?.string else {
            throw DrillFailure("the reference instance printed no URL: \(String(decoding: line, as: UTF8.self))")
        }
        self.url = url
    }

    /// The `--url U --key K` a device operation that talks to the instance takes.
    var serverArguments: [String] { ["--url", url, "--key", key] }

    /// Stops the instance (SIGINT, as Ctrl-C) and waits for it.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
    }
}
