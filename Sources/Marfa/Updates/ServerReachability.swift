import MarfaLocks

/// Whether the copy last found its server unreachable, so `changes()` streams hear `.serverUnreachable` once when the
/// server goes away and `.serverReachable` once when it answers again, however often the follow tries (seed 003 line
/// 107, F140; Decision 0112).
final class ServerReachability: Sendable {
    private let away = LockedValue<MarfaError?>(nil)

    /// The failure that made the server unreachable, while it stays so; nil while it answers.
    var failure: MarfaError? { away.withLock { $0 } }

    /// Records a failure to reach the server; answers whether it is news (the server answered until now).
    func failed(_ error: MarfaError) -> Bool {
        away.withLock { away in
            defer { away = error }
            return away == nil
        }
    }

    /// Records that the server answered; answers whether it is news (the server was unreachable until now).
    func reached() -> Bool {
        away.withLock { away in
            defer { away = nil }
            return away != nil
        }
    }
}

extension CopyEvents {
    /// Tells every `changes()` stream the server could not be reached, once until it answers again (F140).
    func serverUnreachable(_ error: MarfaError) {
        if reachability.failed(error) { broadcast(Change(origin: .serverUnreachable(error))) }
    }

    /// Tells every `changes()` stream the server answers again, once after it was unreachable (F140): the follow has
    /// its stream, or the app's hydration, catch-up or drain reached it.
    func serverReached() {
        if reachability.reached() { broadcast(Change(origin: .serverReachable)) }
    }
}
