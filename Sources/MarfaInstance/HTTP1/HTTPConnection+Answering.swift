extension HTTPConnection {
    /// The handler answered: write the answer, start its stream, or drop the connection.
    func answer(_ response: HTTPResponse) {
        guard case .handling(let request) = phase else { return }
        let keepAlive =
            request.keepAlive && !response.headers.containsToken("close", in: "Connection") && !loop.isStopping
        switch response.body {
        case .bytes(let body):
            phase = .responding(keepAlive: keepAlive)
            queue(wholeAnswer(response, body: body, request: request, keepAlive: keepAlive))
        case .eventStream(let producer):
            startStream(response, producer: producer, request: request, keepAlive: keepAlive)
        case .dropConnection:
            close()
        }
        refresh()
    }

    /// The stream of this connection has frames or finished.
    func streamReady() {
        guard case .streaming(let session) = phase, !hasOutput else { return }
        pump(session)
        refresh()
    }

    /// The head and (unless `HEAD` or a bodiless status) the body of a whole answer.
    func wholeAnswer(_ response: HTTPResponse, body: [UInt8], request: HTTPRequest, keepAlive: Bool)
        -> [UInt8]
    {
        let hasBody = !response.status.forbidsBody
        let head = encodeHead(
            response, headers: response.headers, framing: hasBody ? .contentLength(body.count) : .none,
            keepAlive: keepAlive, clientVersion: request.version)
        guard hasBody, request.method != "HEAD" else { return head }
        return head + body
    }

    /// The output is all written: go on with what the phase does next.
    func outputDrained() {
        switch phase {
        case .responding(let keepAlive):
            guard keepAlive else {
                close()
                return
            }
            resumeReading()
        case .streaming(let session):
            pump(session)
        case .lingering(let drained) where lingerUntil == nil:
            socket.shutdownWriting()
            lingerUntil = loop.clock.now + limits.lingerTimeout
            drain(after: drained)
        case .reading, .handling, .lingering, .closed:
            break
        }
    }

    /// Answers a refusal of the server's own (malformed, too large, timed out) and lingers before closing.
    func refuse(_ refusal: HTTPRequestRefusal) {
        refuse(with: refusal.response)
    }

    /// Answers `response` with `Connection: close`, reads nothing more of the request, and lingers before closing.
    func refuse(with response: HTTPResponse) {
        guard case .bytes(let body) = response.body else {
            close()
            return
        }
        phase = .lingering(drained: 0)
        lingerUntil = nil
        queue(
            encodeHead(
                response, headers: response.headers, framing: .contentLength(body.count), keepAlive: false,
                clientVersion: .http1_1) + body)
    }

    /// Reads and discards what a lingering client sends, closing at its end or past the linger byte bound.
    func drain(after drained: Int) {
        var total = drained
        while total <= limits.maxLingerBytes {
            switch try? socket.receive(into: loop.readBuffer) {
            case .received(let count)?:
                total += count
            case .wouldBlock?:
                phase = .lingering(drained: total)
                return
            case .endOfStream?, nil:
                close()
                return
            }
        }
        close()
    }

    /// Writes a response head for this server with its default headers and the current date.
    func encodeHead(
        _ response: HTTPResponse, headers: HTTPHeaders, framing: HTTPBodyFraming, keepAlive: Bool,
        clientVersion: HTTPVersion
    ) -> [UInt8] {
        HTTPResponseHead.encode(
            status: response.status, headers: headers, defaultHeaders: loop.configuration.defaultHeaders,
            framing: framing, keepAlive: keepAlive, clientVersion: clientVersion)
    }
}
