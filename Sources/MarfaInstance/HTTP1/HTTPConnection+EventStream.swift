extension HTTPConnection {
    /// Serves an event-stream answer: writes the head, runs the producer as a task, and from then on writes its
    /// frames whenever the writer reports some and the client has taken the previous ones (chunked for HTTP/1.1),
    /// a `:ping` after each silent heartbeat interval; the client leaving cancels the producer, the stop is told
    /// to it, and its return ends the stream (the connection stays open for HTTP/1.1 keep-alive).
    func startStream(
        _ response: HTTPResponse, producer: @escaping @Sendable (SSEWriter) async -> Void, request: HTTPRequest,
        keepAlive requestedKeepAlive: Bool
    ) {
        let chunked = request.version != .http1_0
        let keepAlive = requestedKeepAlive && chunked
        var headers = response.headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "text/event-stream") }
        if !headers.contains("Cache-Control") { headers.add("Cache-Control", "no-cache") }
        let head = encodeHead(
            response, headers: headers, framing: chunked ? .chunked : .untilClose, keepAlive: keepAlive,
            clientVersion: request.version)
        guard request.method != "HEAD" else {
            phase = .responding(keepAlive: false)
            queue(head)
            return
        }
        let inbox = loop.inbox
        let token = token
        let writer = SSEWriter(maxBufferedBytes: limits.maxBufferedStreamBytes) { inbox.streamReady(token) }
        let task = Task { @Sendable in
            await producer(writer)
            writer.markProducerFinished()
        }
        let session = HTTPEventStreamSession(
            writer: writer, task: task, chunked: chunked, keepAlive: keepAlive, now: loop.clock.now)
        if loop.isStopping { session.serverStopping() }
        phase = .streaming(session)
        queue(head)
    }

    /// Queues what the producer sent since the last look (the client has taken everything before); once the
    /// producer has returned and its frames are out, ends the stream.
    func pump(_ session: HTTPEventStreamSession) {
        guard !hasOutput else { return }
        if session.finishing {
            endStream(session)
            return
        }
        let (bytes, finished) = session.writer.takePending()
        var out = session.chunked ? HTTPResponseHead.chunk(bytes) : bytes
        if finished {
            session.finishing = true
            if session.chunked { out += HTTPResponseHead.lastChunk }
        }
        if out.isEmpty {
            if finished { endStream(session) }
            return
        }
        session.lastWrite = loop.clock.now
        queue(out)
    }

    /// Writes a `:ping` comment after a silent heartbeat interval.
    func sendHeartbeat(_ session: HTTPEventStreamSession) {
        session.lastWrite = loop.clock.now
        queue(session.chunked ? HTTPResponseHead.chunk(SSEFrameEncoder.ping) : SSEFrameEncoder.ping)
    }

    private func endStream(_ session: HTTPEventStreamSession) {
        session.end(clientGone: false)
        guard session.keepAlive, !session.stopNoticed, !loop.isStopping else {
            close()
            return
        }
        resumeReading()
    }
}
