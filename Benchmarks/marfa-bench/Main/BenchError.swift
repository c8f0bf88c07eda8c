/// Why the benchmark stopped: bad arguments, a missing system file, a peer failure, or a failed correctness gate.
struct BenchError: Error, CustomStringConvertible {
    /// What went wrong, in words a person can act on.
    let message: String
    /// The process's exit status: 2 for a usage error, 1 otherwise.
    let exitStatus: Int32

    /// Makes an error from its message.
    init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }

    /// A usage error (exit status 2), followed by the usage text.
    static func usage(_ message: String) -> BenchError {
        BenchError(message + "\n" + BenchArguments.usage, exitStatus: 2)
    }

    var description: String { message }
}
