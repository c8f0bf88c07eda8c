import Foundation
import MarfaSockets
import MarfaLocks
import Synchronization

/// An HTTP/1.1 server: one event-loop thread over `epoll` holds every connection (an idle one costs a descriptor
/// and a few hundred bytes, not a thread); handlers run as tasks on the cooperative pool and the loop writes their
/// answers. A gate may refuse a request from its head before its body is read. Start it once, read `port`, and
/// `stop()` it gracefully.
package final class HTTPServer: Sendable {
    /// What answers each request; it may return a whole body or an event stream.
    package typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    /// Looks at the head of a request whose body follows (the request's `body` is empty) and answers the refusal
    /// to send instead, or nil to read the body and hand the request on. It runs on the event loop: keep it short.
    package typealias Gate = @Sendable (HTTPRequest) -> HTTPResponse?

    private enum Phase {
        case idle, running, stopping, stopped
    }

    private struct State {
        var phase = Phase.idle
        var port = 0
        var inbox: HTTPLoopInbox?
        var loopRunning = false
        var stoppedWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The configuration the server was made with.
    package let configuration: HTTPServerConfiguration
    private let state = LockedValue(State())
    private let stopping = Atomic(false)
    private let connectionCount = Atomic(0)

    /// Makes a server; nothing listens until `start(gate:handler:)`.
    package init(configuration: HTTPServerConfiguration = HTTPServerConfiguration()) {
        self.configuration = configuration
    }

    /// Binds the configured address and starts the event loop, answering each request with `handler` after
    /// `gate` (when given) let its head through. Returns once the socket listens, so `port` is known.
    /// - Throws: `HTTPServerError.alreadyStarted` on a second call, `SocketError` when the address cannot be bound
    ///   or the loop's descriptors cannot be made.
    package func start(gate: Gate? = nil, handler: @escaping Handler) throws {
        try state.withLock { (state) throws(HTTPServerError) in
            guard state.phase == .idle, !state.loopRunning else { throw .alreadyStarted }
            state.loopRunning = true
        }
        SystemCall.ignoreBrokenPipeSignal()
        let listener: ListeningSocket
        let poller: EventPoller
        let inbox: HTTPLoopInbox
        do {
            listener = try ListeningSocket.listen(
                host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog)
            do {
                poller = try EventPoller()
                do {
                    inbox = try HTTPLoopInbox()
                } catch {
                    poller.close()
                    throw error
                }
            } catch {
                listener.close()
                throw error
            }
        } catch {
            state.withLock { $0.loopRunning = false }
            throw error
        }
        let stoppedMeanwhile = state.withLock { state in
            guard state.phase == .idle else {
                state.loopRunning = false
                return true
            }
            state.phase = .running
            state.port = listener.port
            state.inbox = inbox
            return false
        }
        if stoppedMeanwhile {
            listener.close()
            poller.close()
            inbox.wakeup.close()
            return
        }
        configuration.clock.observeJumps { inbox.nudge() }
        let thread = Thread { [self] in
            HTTPEventLoop(
                server: self, listener: listener, poller: poller, inbox: inbox, gate: gate, handler: handler
            ).run()
        }
        thread.name = "http-loop"
        thread.start()
    }

    /// The bound port once started (the ephemeral one when configured with port 0), else 0.
    package var port: Int {
        state.withLock { $0.port }
    }

    /// How many connections are open right now.
    package var activeConnectionCount: Int {
        connectionCount.load(ordering: .relaxed)
    }

    /// Whether `stop()` has begun: connections finish their current answer and close, streams are told to end.
    package var isStopping: Bool {
        stopping.load(ordering: .relaxed)
    }

    /// Stops gracefully: no new connections; idle ones close; in-flight requests get the grace period to be answered;
    /// every open event stream's writer reports `isServerStopping` so its producer can send a last frame and return.
    /// Connections still open after the grace period are closed. Returns when all are closed; later calls wait.
    package func stop() async {
        let inbox: HTTPLoopInbox? = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .stopped
                return nil
            case .running:
                state.phase = .stopping
                return state.inbox
            case .stopping, .stopped:
                return nil
            }
        }
        guard let inbox else {
            await waitUntilStopped()
            return
        }
        stopping.store(true, ordering: .relaxed)
        inbox.post(.stop)
        var drained = await waitForLoopToEnd(until: .now + configuration.shutdownGracePeriod)
        if !drained {
            inbox.post(.forceClose)
            drained = await waitForLoopToEnd(until: .now + .seconds(1))
        }
        let waiters = state.withLock { state in
            state.phase = .stopped
            let waiting = state.stoppedWaiters
            state.stoppedWaiters = []
            return waiting
        }
        if drained { inbox.wakeup.close() }
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until `stop()` has finished (at once if the server never started and was stopped).
    package func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let stopped = state.withLock { state in
                if state.phase == .stopped { return true }
                state.stoppedWaiters.append(continuation)
                return false
            }
            if stopped { continuation.resume() }
        }
    }

    /// Called by the event loop whenever a connection opens or closes.
    func setConnectionCount(_ count: Int) {
        connectionCount.store(count, ordering: .relaxed)
    }

    /// Called by the event loop as it exits, after closing the listener and every connection.
    func loopEnded() {
        state.withLock { $0.loopRunning = false }
    }

    private func waitForLoopToEnd(until deadline: ContinuousClock.Instant) async -> Bool {
        while true {
            if !state.withLock({ $0.loopRunning }) { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
