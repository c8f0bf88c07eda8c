import MarfaSockets

/// One client connection as the event loop drives it: reads and parses requests, lets the gate refuse a request
/// before its body is read, hands whole requests to the handler as a task, writes answers and event streams, and
/// closes itself on a timeout, a refusal or the client leaving. Only the loop's thread touches it.
final class HTTPConnection {
    /// What the connection is doing.
    enum Phase {
        /// Waiting for (the rest of) a request.
        case reading
        /// The handler is working on this request; nothing more is read meanwhile.
        case handling(HTTPRequest)
        /// Writing a whole answer; then reading again when `keepAlive`, else closing.
        case responding(keepAlive: Bool)
        /// Serving an event stream.
        case streaming(HTTPEventStreamSession)
        /// Refused: the answer goes out, the sending side is shut, and what the client still sends is drained
        /// (within the linger bounds) so the close does not reset the answer away.
        case lingering(drained: Int)
        /// Closed; the loop has forgotten it.
        case closed
    }

    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// The connection's key in the loop and in handler answers.
    let token: UInt64
    let socket: ConnectedSocket
    unowned let loop: HTTPEventLoop
    let limits: HTTPServerLimits
    var phase = Phase.reading
    var parser: HTTPRequestParser
    /// Bytes queued for the client and how many of them went out already.
    var output: [UInt8] = []
    var outputSent = 0
    /// When the client last took bytes (or when output was queued on an empty buffer).
    var lastProgress: ContinuousClock.Instant
    /// When the connection was accepted or last finished an answer; `servedOne` tells which timeout applies.
    var idleSince: ContinuousClock.Instant
    var servedOne = false
    /// When the first byte of the request being read arrived.
    var requestStarted: ContinuousClock.Instant?
    /// When the linger ends, in the `lingering` phase.
    var lingerUntil: ContinuousClock.Instant?
    /// The instant the loop must look at this connection again, if any.
    private(set) var deadline: ContinuousClock.Instant?
    private var interest: EventPoller.Interest = .readable

    /// Makes a connection for a socket the loop accepted and registered for reading.
    init(token: UInt64, socket: ConnectedSocket, loop: HTTPEventLoop) {
        self.token = token
        self.socket = socket
        self.loop = loop
        self.limits = loop.configuration.limits
        self.parser = HTTPRequestParser(limits: loop.configuration.limits)
        let now = loop.clock.now
        self.lastProgress = now
        self.idleSince = now
    }

    /// Acts on what `epoll` reported, then brings interest and deadline up to date.
    func handle(_ readiness: EventPoller.Readiness) {
        if readiness.writable { flush() }
        if readiness.readable { readAvailable() }
        if readiness.hungUp, !isClosed, !readiness.readable { close() }
        refresh()
    }

    /// Whether the connection is closed and forgotten by the loop.
    var isClosed: Bool {
        if case .closed = phase { return true }
        return false
    }

    /// Updates what the loop watches for and when it must look again; call after every change of phase or output.
    func refresh() {
        guard !isClosed else { return }
        var wanted: EventPoller.Interest = []
        switch phase {
        case .reading, .streaming: wanted.insert(.readable)
        case .lingering where lingerUntil != nil: wanted.insert(.readable)
        case .handling, .responding, .lingering, .closed: break
        }
        if hasOutput { wanted.insert(.writable) }
        if wanted != interest {
            interest = wanted
            try? loop.poller.modify(socket.descriptor, token: token, interest: wanted)
        }
        deadline = currentDeadline()
        if let deadline { loop.noteDeadline(deadline) }
    }

    /// The connection's deadline passed on the server's clock: close, refuse 408, or send a heartbeat.
    func deadlinePassed() {
        let now = loop.clock.now
        if hasOutput, now >= lastProgress + limits.writeTimeout {
            close()
            return
        }
        switch phase {
        case .reading:
            if parser.isIdle { close() } else { refuse(.timedOut) }
        case .streaming(let session):
            if !hasOutput { sendHeartbeat(session) }
        case .lingering:
            close()
        case .handling, .responding, .closed:
            break
        }
        refresh()
    }

    /// The server began stopping: an idle connection closes, a stream is told, a lingering one closes; a request
    /// being read or handled is answered with `Connection: close`.
    func serverStopping() {
        switch phase {
        case .reading where parser.isIdle && !hasOutput: close()
        case .lingering: close()
        case .streaming(let session): session.serverStopping()
        case .reading, .handling, .responding, .closed: break
        }
        refresh()
    }

    /// Closes the socket, ends a running stream (cancelling its producer) and leaves the loop; later calls do
    /// nothing.
    func close() {
        if case .closed = phase { return }
        if case .streaming(let session) = phase { session.end(clientGone: true) }
        phase = .closed
        output = []
        loop.poller.remove(socket.descriptor)
        socket.close()
        loop.connectionEnded(token)
    }

    private func currentDeadline() -> ContinuousClock.Instant? {
        let writeDeadline = hasOutput ? lastProgress + limits.writeTimeout : nil
        let phaseDeadline: ContinuousClock.Instant?
        switch phase {
        case .reading:
            if let requestStarted {
                let allowed = parser.isReadingBody ? limits.readTimeout : limits.headerTimeout
                phaseDeadline = requestStarted + allowed
            } else {
                phaseDeadline = idleSince + (servedOne ? limits.idleTimeout : limits.headerTimeout)
            }
        case .streaming(let session):
            phaseDeadline = hasOutput ? nil : session.lastWrite + loop.configuration.heartbeatInterval
        case .lingering:
            phaseDeadline = lingerUntil
        case .handling, .responding, .closed:
            phaseDeadline = nil
        }
        return [writeDeadline, phaseDeadline].compactMap { $0 }.min()
    }
}
