import MarfaLocks

/// Where one open event stream is woken: when the log's published head moves, when its connection ends or the
/// server stops, and when a hook ends every stream with a reason.
package final class StreamMailbox: Sendable {
    private struct State {
        var poked = false
        var endReason: String?
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedValue(State())

    /// Makes a mailbox with nothing waiting.
    package init() {}

    /// Wakes the stream (now, or at its next wait).
    package func poke() {
        let waiter = state.withLock { state in
            state.poked = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Asks the stream to end with `stream_incomplete` and `reason`, and wakes it.
    package func end(reason: String) {
        state.withLock { $0.endReason = $0.endReason ?? reason }
        poke()
    }

    /// The reason a hook asked the stream to end with, if one did.
    package var endReason: String? {
        state.withLock { $0.endReason }
    }

    /// Suspends until poked since the last wait; returns at once when already poked.
    package func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.poked {
                    state.poked = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
