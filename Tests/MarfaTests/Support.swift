import Foundation
import Marfa
import XCTest

/// A fresh store path in a temporary folder of its own.
func freshStore() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("marfa-sdk-\(UUID().uuidString)")
        .appendingPathComponent("copy")
}

/// The `marfa` executable built beside the test bundle.
func marfaExecutable() throws -> URL {
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("marfa")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    throw XCTSkip("the marfa executable was not built beside the tests")
}

/// What one run of the command line printed, and how it exited.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `marfa` with `arguments` and waits for it.
func runMarfa(_ arguments: [String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = try marfaExecutable()
    process.arguments = arguments
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

/// `XCTAssertEqual` for values computed with `await` (XCTest's autoclosures cannot await).
func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ message: String = "", file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, message, file: file, line: line)
}

/// `XCTAssertNil` for values computed with `await`.
func expectNil<T>(_ actual: T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNil(actual, message, file: file, line: line)
}

/// `XCTUnwrap` for values computed with `await`.
func unwrap<T>(_ value: T?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) throws -> T {
    try XCTUnwrap(value, message, file: file, line: line)
}

/// Runs `call` and checks it throws a `MarfaError` whose server code, or else canonical code, is `code`.
func expectRefused(
    _ code: String, _ what: String, file: StaticString = #filePath, line: UInt = #line,
    _ call: () async throws -> Void
) async {
    do {
        try await call()
        XCTFail("\(what) was not refused", file: file, line: line)
    } catch let error as MarfaError {
        XCTAssertEqual(error.serverCode ?? error.code(), code, "\(what): \(error)", file: file, line: line)
    } catch {
        XCTFail("\(what) threw \(error)", file: file, line: line)
    }
}
