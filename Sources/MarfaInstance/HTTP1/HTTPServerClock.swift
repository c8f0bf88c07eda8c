/// The time an `HTTPServer`'s timeouts are measured on: header and read timeouts, the idle keep-alive timeout, the
/// write timeout, event-stream heartbeats and the linger before a refused connection closes. Injected so tests move
/// time forward instead of sleeping.
package protocol HTTPServerClock: Sendable {
    /// The current instant; it never goes backwards.
    var now: ContinuousClock.Instant { get }
    /// Whether time passes on its own while the server waits (a real clock), so the server's wait for readiness is
    /// bounded by the next deadline; when false the server waits until woken, and a jump calls the observer.
    var passesByItself: Bool { get }
    /// Registers what to call after each jump of a clock that does not pass by itself; a real clock never calls it.
    func observeJumps(_ observer: @escaping @Sendable () -> Void)
}

/// The system's continuous clock, which every server uses unless a test gives it another.
package struct SystemHTTPServerClock: HTTPServerClock {
    /// Makes the clock.
    package init() {}

    /// `ContinuousClock.now`.
    package var now: ContinuousClock.Instant { ContinuousClock.now }

    /// True: real time passes by itself.
    package var passesByItself: Bool { true }

    /// Does nothing: a real clock never jumps.
    package func observeJumps(_ observer: @escaping @Sendable () -> Void) {}
}
