import Glibc

/// Why a socket operation failed: a system call's `errno`, a passed deadline, or an address that cannot be bound.
package enum SocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed with this `errno`.
    case system(operation: String, errno: Int32)
    /// The operation's deadline passed before it could finish.
    case timedOut(operation: String)
    /// The host is not a numeric IPv4 or IPv6 address (nor `localhost`), or the port is out of range.
    case invalidAddress(String)

    /// Captures the calling thread's current `errno` for the named operation.
    package static func lastError(_ operation: String) -> SocketError {
        .system(operation: operation, errno: errno)
    }

    /// A one-line explanation naming the operation and the system's message.
    package var description: String {
        switch self {
        case .system(let operation, let code):
            return "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .timedOut(let operation):
            return "\(operation) timed out"
        case .invalidAddress(let host):
            return "cannot listen on '\(host)': not a numeric IPv4 or IPv6 address"
        }
    }
}
