import Glibc
import MarfaSockets

extension HTTPConnection {
    /// Serves an event-stream answer: writes the head, runs the producer as a task, and until it returns writes
    /// its frames as they are queued (chunked for HTTP/1.1), a `:ping` after each silent heartbeat interval,
    /// notices the client leaving (cancelling the producer) and tells the producer when the server stops.
    /// - Returns: whether the connection may serve another request afterwards.
    func streamEvents(
        _ response: HTTPResponse, producer: @escaping @Sendable (SSEWriter) async -> Void, request: HTTPRequest,
        keepAlive requestedKeepAlive: Bool, parser: inout HTTPRequestParser
    ) -> Bool {
        let chunked = request.version != .http1_0
        let keepAlive = requestedKeepAlive && chunked
        var headers = response.headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "text/event-stream") }
        if !headers.contains("Cache-Control") { headers.add("Cache-Control", "no-cache") }
        guard let wakeup = try? WakeupPipe() else {
            refuse(.overCapacity)
            return false
        }
        let head = encodeHead(
            response, headers: headers, framing: chunked ? .chunked : .untilClose, keepAlive: keepAlive,
            clientVersion: request.version)
        guard write(head), request.method != "HEAD" else {
            wakeup.close()
            return false
        }
        let writer = SSEWriter(wakeup: wakeup, maxBufferedBytes: limits.maxBufferedStreamBytes)
        let task = Task { @Sendable in
            await producer(writer)
            writer.markProducerFinished()
        }
        let open = pumpFrames(from: writer, wakeup: wakeup, chunked: chunked, parser: &parser)
        writer.close()
        guard open.connectionAlive else {
            task.cancel()
            return false
        }
        return keepAlive && !open.stopNoticed
    }

    private func pumpFrames(
        from writer: SSEWriter, wakeup: WakeupPipe, chunked: Bool, parser: inout HTTPRequestParser
    ) -> (connectionAlive: Bool, stopNoticed: Bool) {
        let heartbeat = server.configuration.heartbeatInterval
        var stopNoticed = false
        var lastWrite = ContinuousClock.now
        var readBuffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if !stopNoticed, server.isStopping {
                stopNoticed = true
                writer.markServerStopping()
            }
            let (bytes, finished) = writer.takePending()
            var out = chunked ? HTTPResponseHead.chunk(bytes) : bytes
            if finished, chunked { out += HTTPResponseHead.lastChunk }
            if !out.isEmpty {
                guard write(out) else { return (false, stopNoticed) }
                lastWrite = .now
            }
            if finished { return (true, stopNoticed) }
            if ContinuousClock.now - lastWrite >= heartbeat {
                guard write(chunked ? HTTPResponseHead.chunk(SSEFrameEncoder.ping) : SSEFrameEncoder.ping) else {
                    return (false, stopNoticed)
                }
                lastWrite = .now
            }
            var descriptors = [
                pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            if !stopNoticed {
                descriptors.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0))
            }
            guard (try? pollDescriptors(&descriptors, until: lastWrite + heartbeat)) != nil else {
                return (false, stopNoticed)
            }
            if descriptors[0].revents != 0 {
                guard receive(into: &readBuffer, parser: &parser), parser.bufferedByteCount <= limits.maxHeadBytes
                else { return (false, stopNoticed) }
            }
            if descriptors[1].revents != 0 {
                wakeup.drain()
            }
        }
    }
}
