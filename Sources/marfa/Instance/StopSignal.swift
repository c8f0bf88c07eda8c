import Dispatch
import Glibc
import MarfaLocks

/// Waits for SIGINT or SIGTERM instead of letting either kill the process, so a server can stop gracefully.
enum StopSignal {
    /// Suspends until one of `signals` arrives and answers which.
    static func wait(for signals: [Int32] = [SIGINT, SIGTERM]) async -> Int32 {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let sources = SignalSources()
            for number in signals {
                _ = signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if sources.fire() { continuation.resume(returning: number) }
                }
                sources.add(source)
                source.resume()
            }
        }
    }
}

/// The signal sources of one wait: the first signal wins and cancels them all.
private final class SignalSources: Sendable {
    private let state = LockedValue<(sources: [any DispatchSourceSignal], fired: Bool)>(([], false))

    /// Keeps `source` until the first signal cancels it.
    func add(_ source: any DispatchSourceSignal) {
        state.withLock { $0.sources.append(source) }
    }

    /// Whether this is the first signal; cancels every source.
    func fire() -> Bool {
        state.withLock { state in
            let first = !state.fired
            state.fired = true
            for source in state.sources { source.cancel() }
            state.sources = []
            return first
        }
    }
}
