import Foundation
import Marfa
import MarfaLocks
import XCTest

/// A `marfa` process left running, its standard output read live line by line (device-cli "Long-running commands").
package final class RunningMarfa: Sendable {
    private let process: Process
    private let output = LineBuffer()
    private let errors = LineBuffer()
    /// Signalled once the reading thread has read the pipe to its end.
    private let drained = DispatchSemaphore(value: 0)

    /// Starts `marfa` with `arguments`.
    package init(_ arguments: [String]) throws {
        process = Process()
        process.executableURL = try marfaExecutable()
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let failing = err.fileHandleForReading
        Thread.detachNewThread { [errors] in
            while case let data = failing.availableData, !data.isEmpty {
                errors.append(String(decoding: data, as: UTF8.self))
            }
        }
        // A thread of its own reads to the end: a dispatch readability handler can crash libdispatch at EOF.
        let reading = out.fileHandleForReading
        Thread.detachNewThread { [output, drained] in
            while case let data = reading.availableData, !data.isEmpty {
                output.append(String(decoding: data, as: UTF8.self))
            }
            drained.signal()
        }
    }

    /// Every whole line printed so far, each read as JSON.
    package var lines: [JSONValue] {
        output.lines.compactMap { try? JSONValue(json: $0) }
    }

    /// Every whole line printed on standard error so far.
    package var errorLines: [String] { errors.lines }

    /// Sends one SIGINT and returns at once, as a person's Ctrl-C does.
    package func signal() {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
    }

    /// Waits, within a bound, for a process that ends by itself; answers its exit status.
    package func interruptAfterExit() async -> Int32 {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return await interrupt()
    }

    /// Sends SIGINT and waits, within a bound, for the process to end; answers its exit status.
    @discardableResult
    package func interrupt() async -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        // Every line the process printed is read before its status is answered; the signal is passed on so a
        // second call does not wait.
        if drained.wait(timeout: .now() + 10) == .success { drained.signal() }
        return process.terminationStatus
    }
}

/// Text read from a pipe, split into whole lines as it arrives.
private final class LineBuffer: Sendable {
    private let state = LockedValue((lines: [String](), partial: ""))

    /// Adds what the pipe gave.
    func append(_ text: String) {
        state.withLock { state in
            var parts = (state.partial + text).components(separatedBy: "\n")
            state.partial = parts.removeLast()
            state.lines += parts.filter { !$0.isEmpty }
        }
    }

    /// The whole lines so far.
    var lines: [String] { state.withLock { $0.lines } }
}
