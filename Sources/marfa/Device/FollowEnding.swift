import Foundation
import Marfa
import MarfaLocks

/// How a `follow` or a `changes` watch ends, whichever comes first (WC-79, WC-81, Decision 0103): its `--for`
/// passes or SIGINT/SIGTERM stops it, the reader of its output has gone, or the follow met an answer no retry
/// changes.
final class FollowEnding: Sendable {
    /// Why a watch ended.
    enum Reason: Sendable {
        /// The time is up, or a signal stopped it: it ends with its report.
        case timeUp
        /// Standard output has no reader: it ends with exit 0, as a command whose output was cut off.
        case readerGone
        /// The follow met an answer no retry changes, or the copy needs a hydration: it ends refused.
        case refused(MarfaError)
    }

    private let state = LockedValue<(reason: Reason?, waiting: CheckedContinuation<Reason, Never>?)>((nil, nil))

    /// Ends the watch for `reason`, unless it already ended.
    func end(_ reason: Reason) {
        let waiting = state.withLock { state -> CheckedContinuation<Reason, Never>? in
            guard state.reason == nil else { return nil }
            state.reason = reason
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: reason)
    }

    /// Waits for the first end: `seconds` passing (none: no time limit), SIGINT or SIGTERM, or `end(_:)`.
    func wait(seconds: Double?) async -> Reason {
        Task { [self] in
            _ = await StopSignal.wait()
            end(.timeUp)
        }
        let timer = seconds.map { seconds in
            Task { [self] in
                try? await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
                if !Task.isCancelled { end(.timeUp) }
            }
        }
        let reason = await withCheckedContinuation { (continuation: CheckedContinuation<Reason, Never>) in
            let ended = state.withLock { state -> Reason? in
                if state.reason == nil { state.waiting = continuation }
                return state.reason
            }
            if let ended { continuation.resume(returning: ended) }
        }
        timer?.cancel()
        return reason
    }

    /// The refusal a follow ends with when its connection shows one: a copy that needs a hydration (an aged-out
    /// cursor among them), a refused key, or a fault asking again may not clear (WC-79); nil while it may go on.
    static func refusal(in connection: CopyConnection) -> MarfaError? {
        switch connection {
        case .needsHydration(let error):
            return error ?? .hydrationIncomplete(message: "the copy must be hydrated before it follows")
        case .keyRefused(let error), .stopped(let error):
            return FollowFailure.refusal(error)
        case .local, .connecting, .following, .offline, .closed:
            return nil
        }
    }
}
