import Foundation

/// Runs this executable again as a child (the memory and reopen children) and answers the last line it printed.
enum ChildProcess {
    /// Runs `marfa-bench arguments…` and answers its last line of stdout; throws when it exits non-zero.
    static func lastLine(_ arguments: [String], what: String) throws -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last
        else {
            throw BenchError("\(what) failed (exit \(process.terminationStatus))")
        }
        return String(line)
    }
}
