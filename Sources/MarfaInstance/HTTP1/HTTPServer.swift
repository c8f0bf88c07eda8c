import Foundation
import MarfaSockets
import MarfaLocks
import Synchronization

/// An HTTP/1.1 server: one accept thread, and one thread per connection doing non-blocking I/O with
/// `poll`-based timeouts; handlers run as tasks on the cooperative pool while the connection's thread waits.
/// Start it once, read `port`, and `stop()` it gracefully.
package final class HTTPServer: Sendable {
    /// What answers each request; it may return a whole body or an event stream.
    package typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse

    private enum Phase {
        case idle, running, stopping, stopped
    }

    private struct State {
        var phase = Phase.idle
        var port = 0
        var stopPipe: WakeupPipe?
        var connections: [UInt64: HTTPConnection] = [:]
        var nextConnectionID: UInt64 = 0
        var acceptLoopRunning = false
        var stoppedWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The configuration the server was made with.
    package let configuration: HTTPServerConfiguration
    private let state = LockedValue(State())
    private let stopping = Atomic(false)

    /// Makes a server; nothing listens until `start(handler:)`.
    package init(configuration: HTTPServerConfiguration = HTTPServerConfiguration()) {
        self.configuration = configuration
    }

    /// Binds the configured address and starts accepting connections, answering each request with `handler`.
    /// Returns once the socket listens, so `port` is known.
    /// - Throws: `HTTPServerError.alreadyStarted` on a second call, `SocketError` when the address cannot be bound.
    package func start(handler: @escaping Handler) throws {
        try state.withLock { (state) throws(HTTPServerError) in
            guard state.phase == .idle, !state.acceptLoopRunning else { throw .alreadyStarted }
            state.acceptLoopRunning = true
        }
        SystemCall.ignoreBrokenPipeSignal()
        let listener: ListeningSocket
        let stopPipe: WakeupPipe
        do {
            listener = try ListeningSocket.listen(
                host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog)
            do {
                stopPipe = try WakeupPipe()
            } catch {
                listener.close()
                throw error
            }
        } catch {
            state.withLock { $0.acceptLoopRunning = false }
            throw error
        }
        let stoppedMeanwhile = state.withLock { state in
            guard state.phase == .idle else {
                state.acceptLoopRunning = false
                return true
            }
            state.phase = .running
            state.port = listener.port
            state.stopPipe = stopPipe
            return false
        }
        if stoppedMeanwhile {
            listener.close()
            stopPipe.close()
            return
        }
        let thread = Thread { [self] in
            acceptLoop(listener: listener, stopPipe: stopPipe, handler: handler)
        }
        thread.name = "http-accept"
        thread.start()
    }

    /// The bound port once started (the ephemeral one when configured with port 0), else 0.
    package var port: Int {
        state.withLock { $0.port }
    }

    /// How many connections are open right now.
    package var activeConnectionCount: Int {
        state.withLock { $0.connections.count }
    }

    /// Whether `stop()` has begun: connections finish their current answer and close, streams are told to end.
    package var isStopping: Bool {
        stopping.load(ordering: .relaxed)
    }

    /// Stops gracefully: no new connections; idle ones close; in-flight requests get the grace period to be answered;
    /// every open event stream's writer reports `isServerStopping` so its producer can send a last frame and return.
    /// Connections still open after the grace period are closed. Returns when all are closed; later calls wait.
    package func stop() async {
        let stopPipe: WakeupPipe? = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .stopped
                return nil
            case .running:
                state.phase = .stopping
                return state.stopPipe
            case .stopping, .stopped:
                return nil
            }
        }
        guard let stopPipe else {
            await waitUntilStopped()
            return
        }
        stopping.store(true, ordering: .relaxed)
        stopPipe.signal()
        var drained = await waitForConnectionsToClose(until: .now + configuration.shutdownGracePeriod)
        if !drained {
            for connection in state.withLock({ Array($0.connections.values) }) {
                connection.forceClose()
            }
            drained = await waitForConnectionsToClose(until: .now + .seconds(1))
        }
        let waiters = state.withLock { state in
            state.phase = .stopped
            let waiting = state.stoppedWaiters
            state.stoppedWaiters = []
            return waiting
        }
        if drained { stopPipe.close() }
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

    /// Called by a connection's thread as it exits.
    func connectionClosed(id: UInt64) {
        _ = state.withLock { $0.connections.removeValue(forKey: id) }
    }

    /// Registers an accepted socket and starts its thread, or answers 503 when at capacity or stopping.
    func admit(_ socket: ConnectedSocket, stopDescriptor: Int32, handler: @escaping Handler) {
        let connection: HTTPConnection? = state.withLock { state in
            guard state.phase == .running, state.connections.count < configuration.limits.maxConnections else {
                return nil
            }
            state.nextConnectionID += 1
            let connection = HTTPConnection(
                id: state.nextConnectionID, socket: socket, server: self, stopDescriptor: stopDescriptor,
                handler: handler)
            state.connections[connection.id] = connection
            return connection
        }
        guard let connection else {
            refuseOverCapacity(socket)
            return
        }
        let thread = Thread { connection.run() }
        thread.stackSize = configuration.connectionThreadStackSize
        thread.start()
    }

    /// Records that the accept loop has exited and closed the listening socket.
    func acceptLoopEnded() {
        state.withLock { $0.acceptLoopRunning = false }
    }

    private func refuseOverCapacity(_ socket: ConnectedSocket) {
        let response = HTTPRequestRefusal.overCapacity.response
        guard case .bytes(let body) = response.body else { return }
        let head = HTTPResponseHead.encode(
            status: response.status, headers: response.headers, defaultHeaders: configuration.defaultHeaders,
            framing: .contentLength(body.count), keepAlive: false, clientVersion: .http1_1)
        try? socket.sendAll(head + body, deadline: .now + .milliseconds(20))
        socket.close()
    }

    private func waitForConnectionsToClose(until deadline: ContinuousClock.Instant) async -> Bool {
        while true {
            let open = state.withLock { !$0.connections.isEmpty || $0.acceptLoopRunning }
            if !open { return true }
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
