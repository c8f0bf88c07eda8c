import Glibc
import MarfaSockets

/// The server's one I/O thread: an `epoll` set over the listening socket, the inbox pipe and every connection.
/// It accepts, reads and parses, writes answers and event-stream frames, and enforces each connection's deadline on
/// the server's clock; handlers run as tasks on the cooperative pool and post their answers back through the inbox.
/// Everything here is touched by the loop's thread only.
final class HTTPEventLoop {
    private static let listenerToken: UInt64 = 0
    private static let inboxToken: UInt64 = 1

    let server: HTTPServer
    let configuration: HTTPServerConfiguration
    let clock: any HTTPServerClock
    let poller: EventPoller
    let inbox: HTTPLoopInbox
    let handler: HTTPServer.Handler
    let gate: HTTPServer.Gate?
    /// The one receive buffer every connection reads into before its parser copies what it needs.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
    /// Whether the stop has begun: answers close their connections, new streams learn it at once.
    private(set) var isStopping = false

    private var listener: ListeningSocket?
    private var connections: [UInt64: HTTPConnection] = [:]
    private var nextToken: UInt64 = 2
    private var earliestDeadline: ContinuousClock.Instant?
    private var acceptPausedUntil: ContinuousClock.Instant?

    /// Makes the loop; `run()` registers the descriptors and serves until the stop.
    init(
        server: HTTPServer, listener: ListeningSocket, poller: EventPoller, inbox: HTTPLoopInbox,
        gate: HTTPServer.Gate?, handler: @escaping HTTPServer.Handler
    ) {
        self.server = server
        self.configuration = server.configuration
        self.clock = server.configuration.clock
        self.listener = listener
        self.poller = poller
        self.inbox = inbox
        self.gate = gate
        self.handler = handler
    }

    /// Serves until the stop has closed every connection, then releases the listener, the epoll set and the buffer.
    func run() {
        defer {
            closeListener()
            poller.close()
            readBuffer.deallocate()
            server.loopEnded()
        }
        do {
            if let listener {
                try poller.add(listener.descriptor, token: Self.listenerToken, interest: .readable)
            }
            try poller.add(inbox.wakeup.readDescriptor, token: Self.inboxToken, interest: .readable)
        } catch {
            return
        }
        while !(isStopping && connections.isEmpty) {
            guard let ready = try? poller.wait(timeoutMilliseconds: waitTimeout()) else { return }
            for readiness in ready {
                switch readiness.token {
                case Self.listenerToken: acceptPending()
                case Self.inboxToken: readInbox()
                default: connections[readiness.token]?.handle(readiness)
                }
            }
            expireDeadlines()
        }
    }

    /// Records a connection's new deadline so the loop wakes for it.
    func noteDeadline(_ deadline: ContinuousClock.Instant) {
        if earliestDeadline.map({ deadline < $0 }) ?? true { earliestDeadline = deadline }
    }

    /// Forgets a connection that closed its socket.
    func connectionEnded(_ token: UInt64) {
        if connections.removeValue(forKey: token) != nil {
            server.setConnectionCount(connections.count)
        }
    }

    private func waitTimeout() -> Int32 {
        let next = [earliestDeadline, acceptPausedUntil].compactMap { $0 }.min()
        guard let next else { return -1 }
        let remaining = next - clock.now
        if remaining <= .zero { return 0 }
        guard clock.passesByItself else { return -1 }
        let (seconds, attoseconds) = remaining.components
        return Int32(clamping: seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    private func acceptPending() {
        guard let listener else { return }
        while true {
            let socket: ConnectedSocket
            do {
                guard let accepted = try listener.acceptConnection() else { return }
                socket = accepted
            } catch {
                // Out of descriptors or memory: stop watching the listener briefly instead of spinning on it.
                try? poller.modify(listener.descriptor, token: Self.listenerToken, interest: [])
                acceptPausedUntil = clock.now + .milliseconds(50)
                return
            }
            admit(socket)
        }
    }

    private func admit(_ socket: ConnectedSocket) {
        guard connections.count < configuration.limits.maxConnections else {
            refuseOverCapacity(socket)
            return
        }
        let token = nextToken
        nextToken += 1
        let connection = HTTPConnection(token: token, socket: socket, loop: self)
        do {
            try poller.add(socket.descriptor, token: token, interest: .readable)
        } catch {
            socket.close()
            return
        }
        connections[token] = connection
        server.setConnectionCount(connections.count)
        connection.refresh()
    }

    /// Answers 503 with what one non-blocking send takes, and closes; a full server does not wait on anyone.
    private func refuseOverCapacity(_ socket: ConnectedSocket) {
        let response = HTTPRequestRefusal.overCapacity.response
        if case .bytes(let body) = response.body {
            let bytes =
                HTTPResponseHead.encode(
                    status: response.status, headers: response.headers, defaultHeaders: configuration.defaultHeaders,
                    framing: .contentLength(body.count), keepAlive: false, clientVersion: .http1_1) + body
            _ = bytes.withUnsafeBytes { try? socket.sendAvailable($0) }
        }
        socket.close()
    }

    private func readInbox() {
        let (messages, readyStreams) = inbox.take()
        for message in messages {
            switch message {
            case .answered(let token, let response):
                connections[token]?.answer(response)
            case .stop:
                beginStopping()
            case .forceClose:
                for connection in Array(connections.values) { connection.close() }
            }
        }
        for token in readyStreams {
            connections[token]?.streamReady()
        }
    }

    private func beginStopping() {
        guard !isStopping else { return }
        isStopping = true
        closeListener()
        acceptPausedUntil = nil
        for connection in Array(connections.values) { connection.serverStopping() }
    }

    private func closeListener() {
        guard let listener else { return }
        poller.remove(listener.descriptor)
        listener.close()
        self.listener = nil
    }

    private func expireDeadlines() {
        let now = clock.now
        if let paused = acceptPausedUntil, now >= paused, let listener {
            acceptPausedUntil = nil
            try? poller.modify(listener.descriptor, token: Self.listenerToken, interest: .readable)
        }
        guard let earliest = earliestDeadline, now >= earliest else { return }
        earliestDeadline = nil
        for connection in Array(connections.values) {
            if let deadline = connection.deadline, deadline <= now {
                connection.deadlinePassed()
            }
        }
        for connection in connections.values {
            if let deadline = connection.deadline { noteDeadline(deadline) }
        }
    }
}
