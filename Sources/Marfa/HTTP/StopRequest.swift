import MarfaLocks

/// A stop the person asked for (Ctrl-C; issue 28 point 17, Decision 0090): once asked, no further request or
/// stream goes to the instance, while the one in flight is answered and recorded first.
package enum StopRequest {
    private static let requested = LockedValue(false)

    /// Asks every later request to stay unsent.
    package static func request() {
        requested.withLock { $0 = true }
    }

    /// Throws `canceled`, naming what was not sent, once a stop was asked for.
    package static func check(_ what: String) throws(MarfaError) {
        if requested.withLock({ $0 }) { throw MarfaError.canceled(message: "stopped: \(what) was not sent") }
    }
}
