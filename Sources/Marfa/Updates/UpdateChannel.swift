import Foundation
import MarfaLocks

/// One updates sequence's mailbox: a coalescer holding at most one waiting update, and the reader waiting for it.
final class UpdateChannel: Sendable {
    private struct State {
        var coalescer: UpdateCoalescer
        var waiter: CheckedContinuation<CopyUpdate?, Never>?
        var closed = false
    }

    private let state: LockedValue<State>

    init(connection: CopyConnection) {
        state = LockedValue(State(coalescer: UpdateCoalescer(connection: connection)))
    }

    /// Records a change; wakes the reader if it is waiting.
    func record(_ change: CopyChange) {
        let wake = state.withLock { state -> (CheckedContinuation<CopyUpdate?, Never>, CopyUpdate)? in
            state.coalescer.record(change)
            guard let waiter = state.waiter, let update = state.coalescer.take() else { return nil }
            state.waiter = nil
            return (waiter, update)
        }
        if let (waiter, update) = wake { waiter.resume(returning: update) }
    }

    /// The next update: at once if one waits, else when the next change arrives; nil once closed.
    func next() async -> CopyUpdate? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> CopyUpdate?? in
                if let update = state.coalescer.take() { return .some(update) }
                if state.closed { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the channel: a waiting reader gets nil.
    func close() {
        let waiter = state.withLock { state -> CheckedContinuation<CopyUpdate?, Never>? in
            state.closed = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
