import Foundation
import XCTest

/// The `marfa` executable built beside the test bundle; skips the test when it was not built.
package func marfaExecutable() throws -> URL {
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("marfa")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    throw XCTSkip("the marfa executable was not built beside the tests")
}

/// What one run of the command line printed, and how it exited.
package struct CommandResult {
    /// The exit status.
    package var status: Int32
    /// Standard output, as text.
    package var stdout: String
    /// Standard error, as text.
    package var stderr: String
}

/// Runs `marfa` with `arguments` (and `environment`, when given, instead of the test's) to its end.
package func runMarfa(_ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
    let process = Process()
    process.executableURL = try marfaExecutable()
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}
