import MarfaInstance
import Synchronization

/// A server clock that moves only when a test advances it; each advance wakes the server to look at its deadlines.
final class ManualServerClock: HTTPServerClock {
    private struct State {
        var elapsed = Duration.zero
        var observers: [@Sendable () -> Void] = []
    }

    private let origin = ContinuousClock.now
    private let state = Mutex(State())

    var now: ContinuousClock.Instant {
        origin + state.withLock { $0.elapsed }
    }

    var passesByItself: Bool { false }

    func observeJumps(_ observer: @escaping @Sendable () -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// Moves the clock forward by `duration` and wakes every server using it.
    func advance(by duration: Duration) {
        let observers = state.withLock { state in
            state.elapsed += duration
            return state.observers
        }
        for observer in observers { observer() }
    }
}
