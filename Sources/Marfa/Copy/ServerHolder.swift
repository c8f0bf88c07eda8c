import MarfaLocks

/// The instance and the key in use now, shared by the copy's parts so `useKey(_:)` changes it for all of them, and
/// the calls running under the key, which a key change waits for (swift-api.md §2 "Keys").
final class ServerHolder: Sendable {
    private struct State {
        var server: Server?
        /// How many calls that talk to the instance are running.
        var running = 0
        /// Whether a key change is waiting for running calls to end, or taking its key.
        var changing = false
        /// A key change waiting for the running calls to end.
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state: LockedValue<State>

    init(_ server: Server?) {
        state = LockedValue(State(server: server))
    }

    /// The instance and the key in use now, or nil for a copy opened without a server.
    var current: Server? { state.withLock { $0.server } }

    /// Begins a call that talks to the instance under the key in use now; `end()` it when it finishes. Throws
    /// `invalid` while a key change runs: ask again once it has.
    func begin() throws(MarfaError) -> RunningCall {
        let server = try state.withLock { state throws(MarfaError) -> Server? in
            guard !state.changing else { throw Self.changingKey }
            state.running += 1
            return state.server
        }
        return RunningCall(server: server, holder: self)
    }

    /// Ends a call `begin()` started, and lets a waiting key change go on once none runs.
    fileprivate func end() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.running -= 1
            guard state.running == 0 else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Starts a key change: from now on `begin()` throws `invalid`. Throws `invalid` while another change runs.
    func beginKeyChange() throws(MarfaError) {
        try state.withLock { state throws(MarfaError) in
            guard !state.changing else { throw Self.changingKey }
            state.changing = true
        }
    }

    /// Waits until no call `begin()` started is running.
    func runningCallsEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Ends the key change, using `key` from now on, or the old key when `key` is nil.
    func endKeyChange(using key: String?) {
        state.withLock { state in
            if let key { state.server?.key = key }
            state.changing = false
        }
    }

    private static let changingKey = MarfaError.invalid(message: "the copy is changing its key; ask again")
}

/// A call that talks to the instance, counted while it runs so a key change waits for it.
struct RunningCall {
    /// The instance and the key the call uses, or nil for a copy opened without a server.
    let server: Server?
    fileprivate let holder: ServerHolder

    /// Ends the call; call it once.
    func end() {
        holder.end()
    }
}
