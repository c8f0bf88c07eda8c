import Glibc
import MarfaSockets
import Synchronization

/// One client connection, served by its own thread: reads and parses requests, runs the handler, writes answers,
/// keeps the connection alive between requests, and enforces the idle and read timeouts.
final class HTTPConnection: Sendable {
    /// The server-wide key of this connection.
    let id: UInt64
    let socket: ConnectedSocket
    let server: HTTPServer
    let stopDescriptor: Int32
    let handler: HTTPServer.Handler
    let limits: HTTPServerLimits
    private let isForceClosed = Atomic(false)

    /// Makes a connection for an accepted socket; `stopDescriptor` turns readable when the server stops.
    init(
        id: UInt64, socket: ConnectedSocket, server: HTTPServer, stopDescriptor: Int32,
        handler: @escaping HTTPServer.Handler
    ) {
        self.id = id
        self.socket = socket
        self.server = server
        self.stopDescriptor = stopDescriptor
        self.handler = handler
        self.limits = server.configuration.limits
    }

    private static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Whether the server gave up waiting for this connection during shutdown.
    var wasForceClosed: Bool {
        isForceClosed.load(ordering: .relaxed)
    }

    /// Ends the connection from another thread: shuts the socket down, so the connection's thread sees the client
    /// gone (closing and cancelling a running stream), and stops waiting for a running handler.
    func forceClose() {
        isForceClosed.store(true, ordering: .relaxed)
        socket.shutdown()
    }

    /// The connection thread's body: serves requests until the client leaves, a timeout or refusal, or the stop.
    func run() {
        defer {
            socket.close()
            server.connectionClosed(id: id)
        }
        var parser = HTTPRequestParser(limits: limits)
        var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
        var stopNoticed = false
        var idleSince = ContinuousClock.now
        var requestStarted: ContinuousClock.Instant?
        while true {
            switch parser.nextEvent() {
            case .request(let request):
                guard respond(to: request, parser: &parser) else { return }
                requestStarted = nil
                idleSince = .now
                continue
            case .failed(let refusal):
                refuse(refusal)
                return
            case .continueExpected:
                guard write(Self.continueResponse) else { return }
                continue
            case .needMoreData:
                break
            }
            if parser.isIdle {
                if stopNoticed || wasForceClosed { return }
            } else if requestStarted == nil {
                requestStarted = .now
            }
            let deadline = requestStarted.map { $0 + limits.readTimeout } ?? idleSince + limits.idleTimeout
            var descriptors = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)]
            if !stopNoticed {
                descriptors.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0))
            }
            guard let ready = try? pollDescriptors(&descriptors, until: deadline) else { return }
            if ready == 0 {
                if !parser.isIdle { refuse(.timedOut) }
                return
            }
            if descriptors.count > 1, descriptors[1].revents != 0 {
                stopNoticed = true
            }
            if descriptors[0].revents != 0 {
                guard receive(into: &readBuffer, parser: &parser) else { return }
            }
        }
    }

    /// Reads what the socket holds into the parser; false when the client closed or the read failed.
    func receive(into readBuffer: inout [UInt8], parser: inout HTTPRequestParser) -> Bool {
        let outcome = readBuffer.withUnsafeMutableBytes { buffer in
            Result { () throws(SocketError) in try socket.receive(into: buffer) }
        }
        switch outcome {
        case .success(.received(let count)):
            parser.append(readBuffer[0..<count])
            return true
        case .success(.wouldBlock):
            return true
        case .success(.endOfStream), .failure:
            return false
        }
    }

    /// Writes all `bytes` within the write timeout; false when the client is gone or too slow.
    func write(_ bytes: [UInt8]) -> Bool {
        do {
            try socket.sendAll(bytes, deadline: .now + limits.writeTimeout)
            return true
        } catch {
            return false
        }
    }

    /// Writes a response head for this server with its default headers and the current date.
    func encodeHead(
        _ response: HTTPResponse, headers: HTTPHeaders, framing: HTTPBodyFraming, keepAlive: Bool,
        clientVersion: HTTPVersion
    ) -> [UInt8] {
        HTTPResponseHead.encode(
            status: response.status, headers: headers, defaultHeaders: server.configuration.defaultHeaders,
            framing: framing, keepAlive: keepAlive, clientVersion: clientVersion)
    }

    private func respond(to request: HTTPRequest, parser: inout HTTPRequestParser) -> Bool {
        let handler = self.handler
        guard let response = runBlocking({ await handler(request) }, abandonWhen: { wasForceClosed }) else {
            return false
        }
        let keepAlive =
            request.keepAlive && !response.headers.containsToken("close", in: "Connection") && !server.isStopping
        switch response.body {
        case .bytes(let body):
            return writeWhole(response, body: body, request: request, keepAlive: keepAlive) && keepAlive
        case .eventStream(let producer):
            return streamEvents(
                response, producer: producer, request: request, keepAlive: keepAlive, parser: &parser)
        case .dropConnection:
            return false
        }
    }

    private func writeWhole(_ response: HTTPResponse, body: [UInt8], request: HTTPRequest, keepAlive: Bool) -> Bool {
        let hasBody = !response.status.forbidsBody
        let head = encodeHead(
            response, headers: response.headers, framing: hasBody ? .contentLength(body.count) : .none,
            keepAlive: keepAlive, clientVersion: request.version)
        guard hasBody, request.method != "HEAD", !body.isEmpty else { return write(head) }
        if body.count <= 64 * 1024 { return write(head + body) }
        return write(head) && write(body)
    }

    /// Answers a refusal with `Connection: close` and lingers so the client can read it before the close.
    func refuse(_ refusal: HTTPRequestRefusal) {
        let response = refusal.response
        guard case .bytes(let body) = response.body else { return }
        let head = encodeHead(
            response, headers: response.headers, framing: .contentLength(body.count), keepAlive: false,
            clientVersion: .http1_1)
        guard write(head + body) else { return }
        lingerBeforeClose()
    }

    /// Half-closes and drains what the client still sends (bounded in time and bytes, cut short by the stop), so
    /// closing does not reset the connection and destroy the answer before the client has read it.
    private func lingerBeforeClose() {
        socket.shutdownWriting()
        let deadline = ContinuousClock.now + .seconds(2)
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var drained = 0
        while drained < 64 * 1024 * 1024 {
            var descriptors = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            guard let ready = try? pollDescriptors(&descriptors, until: deadline), ready > 0,
                descriptors[1].revents == 0
            else { return }
            let outcome = scratch.withUnsafeMutableBytes { buffer in
                Result { () throws(SocketError) in try socket.receive(into: buffer) }
            }
            switch outcome {
            case .success(.received(let count)): drained += count
            case .success(.wouldBlock): continue
            case .success(.endOfStream), .failure: return
            }
        }
    }
}
