extension HTTPConnection {
    /// The socket is readable: feed a reading or streaming connection's parser, or drain a lingering one.
    func readAvailable() {
        switch phase {
        case .reading:
            guard receive() else { return }
            if requestStarted == nil, !parser.isIdle { requestStarted = loop.clock.now }
            processInput()
        case .streaming:
            guard receive() else { return }
            if parser.bufferedByteCount > limits.maxHeadBytes { close() }
        case .lingering(let drained) where lingerUntil != nil:
            drain(after: drained)
        case .handling, .responding, .lingering, .closed:
            break
        }
    }

    /// Reads once into the loop's buffer and feeds the parser; false (and closed) when the client left.
    func receive() -> Bool {
        switch try? socket.receive(into: loop.readBuffer) {
        case .received(let count)?:
            parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count]))
            return true
        case .wouldBlock?:
            return true
        case .endOfStream?, nil:
            close()
            return false
        }
    }

    /// Pulls parser events until one needs the handler, a refusal, or more bytes.
    func processInput() {
        while case .reading = phase {
            switch parser.nextEvent() {
            case .request(let request):
                beginHandling(request)
            case .bodyFollows(let head):
                if let refusal = loop.gate?(head) {
                    refuse(with: refusal)
                }
            case .continueExpected:
                queue(Self.continueResponse)
            case .failed(let refusal):
                refuse(refusal)
            case .needMoreData:
                if loop.isStopping, parser.isIdle, !hasOutput { close() }
                return
            }
        }
    }

    /// Hands a whole request to the handler as a task; its answer comes back through the inbox.
    func beginHandling(_ request: HTTPRequest) {
        phase = .handling(request)
        requestStarted = nil
        let handler = loop.handler
        let inbox = loop.inbox
        let token = token
        Task {
            let response = await handler(request)
            inbox.post(.answered(connection: token, response))
        }
    }

    /// Back to reading after an answer; a request already buffered (pipelined) is served at once.
    func resumeReading() {
        phase = .reading
        servedOne = true
        idleSince = loop.clock.now
        requestStarted = parser.isIdle ? nil : idleSince
        processInput()
    }
}
