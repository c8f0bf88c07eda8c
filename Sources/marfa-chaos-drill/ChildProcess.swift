import Foundation
import Glibc
import MarfaSockets

/// A child process the drill drives: lines to its standard input, lines read from its standard output with a
/// deadline, and `kill -9` or a bounded stop. Its standard error goes to a file the drill shows when a run fails.
final class ChildProcess {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorHandle: FileHandle
    private var pending: [UInt8] = []
    /// Where its standard error goes.
    let errorLog: URL

    /// Starts `executable` with `arguments`, and `environment` added to the drill's own.
    init(executable: URL, arguments: [String], environment: [String: String] = [:], errorLog: URL) throws {
        self.errorLog = errorLog
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        process.standardInput = input
        process.standardOutput = output
        errorHandle = try FileHandle(forWritingTo: errorLog)
        process.standardError = errorHandle
        try process.run()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Writes `line` and a newline to its standard input; false when it is gone.
    @discardableResult
    func send(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        let descriptor = input.fileHandleForWriting.fileDescriptor
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The next line it prints, or nil when it ends or `deadline` passes first.
    func readLine(until deadline: ContinuousClock.Instant) -> String? {
        let descriptor = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard (try? pollDescriptors(&descriptors, until: deadline)) ?? 0 > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += chunk[..<count]
        }
    }

    /// `kill -9`, then waits (bounded) for it to be reaped and closes every descriptor it was given.
    func killNow() {
        kill(process.processIdentifier, SIGKILL)
        waitForExit(until: .now + .seconds(10))
        closeDescriptors()
    }

    /// Asks it to stop with `signal` (closing its input first) and waits until `deadline`; then kills it.
    func stop(signal: Int32 = SIGTERM, until deadline: ContinuousClock.Instant) {
        try? input.fileHandleForWriting.close()
        if process.isRunning { kill(process.processIdentifier, signal) }
        waitForExit(until: deadline)
        if process.isRunning { killNow() }
        closeDescriptors()
    }

    /// Closes its input, so a worker reading commands finishes, and waits until `deadline`; then kills it.
    func finish(until deadline: ContinuousClock.Instant) {
        try? input.fileHandleForWriting.close()
        waitForExit(until: deadline)
        if process.isRunning { killNow() }
        closeDescriptors()
    }

    /// Whether it exited by itself with status 0.
    var exitedCleanly: Bool {
        !process.isRunning && process.terminationReason == .exit && process.terminationStatus == 0
    }

    /// The last lines of its standard error.
    func errorTail(lines: Int = 20) -> String {
        let text = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
    }

    /// Closes both ends of both pipes and the error file once the process is gone, so a long drill does not
    /// gather descriptors (a `FileHandle` closed once ignores a second close).
    private func closeDescriptors() {
        guard !process.isRunning else { return }
        for handle in [
            input.fileHandleForWriting, input.fileHandleForReading, output.fileHandleForReading,
            output.fileHandleForWriting, errorHandle,
        ] {
            try? handle.close()
        }
    }

    private func waitForExit(until deadline: ContinuousClock.Instant) {
        while process.isRunning, ContinuousClock.now < deadline {
            usleep(5_000)
        }
    }
}
