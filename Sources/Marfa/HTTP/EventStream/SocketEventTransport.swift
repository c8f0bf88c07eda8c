import Foundation
import MarfaSockets
import MarfaLocks

/// The event stream over our own HTTP/1.1 client on a POSIX socket, for instances reached over plain HTTP (the
/// reference instance, loopback): one engine-owned thread connects, sends the request, reads the head, undoes the
/// body framing and hands the bytes to the feed. `close()` shuts the socket so the thread wakes and ends.
final class SocketEventTransport: Sendable {
    private struct Link {
        var socket: ConnectedSocket?
        var closed = false
    }

    private let link = LockedValue(Link())

    /// Opens `url` with `headers` on a thread of its own, handing what arrives to `feed`.
    init(url: URL, headers: [(name: String, value: String)], feed: EventStreamFeed) throws(MarfaError) {
        guard let host = url.host, !host.isEmpty else { throw MarfaError.invalid(message: "\(url) names no host") }
        let port = url.port ?? 80
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for header in headers { request += "\(header.name): \(header.value)\r\n" }
        request += "\r\n"
        let requestBytes = Array(request.utf8)
        let thread = Thread { [self] in
            self.run(host: host, port: port, request: requestBytes, feed: feed)
        }
        thread.name = "marfa-events"
        thread.start()
    }

    /// Ends the stream from the reader's side: the socket is shut so the reading thread wakes and ends.
    func close() {
        let open = link.withLock { link -> ConnectedSocket? in
            link.closed = true
            return link.socket
        }
        open?.shutdown()
    }

    private func run(host: String, port: Int, request: [UInt8], feed: EventStreamFeed) {
        let socket: ConnectedSocket
        do {
            socket = try ConnectedSocket.connect(
                host: host, port: port, deadline: .now + .seconds(EventStreamConnection.connectTimeout))
            try socket.sendAll(request, deadline: .now + .seconds(EventStreamConnection.connectTimeout))
        } catch {
            return feed.fail(.network(message: "\(host):\(port) could not be reached: \(error)"))
        }
        defer { socket.close() }
        let adopted = link.withLock { link -> Bool in
            guard !link.closed else { return false }
            link.socket = socket
            return true
        }
        guard adopted else { return }
        let failure = read(from: socket, feed: feed)
        let closedByReader = link.withLock { link -> Bool in
            link.socket = nil
            return link.closed
        }
        if !closedByReader { feed.receiveEnd(droppedBecause: failure) }
    }

    /// Reads the answer until it ends, answering why it ended early (nil for a clean end).
    private func read(from socket: ConnectedSocket, feed: EventStreamFeed) -> String? {
        var body = StreamBody.awaitingHead([])
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)]
            let count: Int
            do {
                guard try pollDescriptors(&descriptors, until: .now + .seconds(EventStreamConnection.idleTimeout)) > 0 else {
                    return "nothing arrived for \(Int(EventStreamConnection.idleTimeout)) seconds"
                }
                let outcome = try buffer.withUnsafeMutableBytes { bytes throws(SocketError) in try socket.receive(into: bytes) }
                switch outcome {
                case .received(let received): count = received
                case .wouldBlock: continue
                case .endOfStream: return body.endOfStreamFailure
                }
            } catch {
                return "\(error)"
            }
            do throws(HTTPResponseHeadError) {
                if try body.take(buffer[..<count], feed: feed) { return nil }
            } catch {
                switch error {
                case .malformed(let what): return "the answer's \(what) is malformed"
                }
            }
        }
    }
}

/// Where the reading of one streamed answer stands: before its head, or inside a body framed one of three ways.
private enum StreamBody {
    case awaitingHead([UInt8])
    case chunked(ChunkedBodyDecoder)
    case sized(remaining: Int)
    case untilClose
    case ended

    /// Why an end of stream here is early, or nil when the body may end with the connection.
    var endOfStreamFailure: String? {
        switch self {
        case .untilClose, .ended: return nil
        case .awaitingHead: return "the connection closed before an answer"
        case .chunked, .sized: return "the connection closed inside the answer"
        }
    }

    /// Takes the next bytes; answers true when the answer has ended or the feed refused it.
    mutating func take(_ bytes: ArraySlice<UInt8>, feed: EventStreamFeed) throws(HTTPResponseHeadError) -> Bool {
        switch self {
        case .awaitingHead(var pending):
            pending.append(contentsOf: bytes)
            guard let (head, length) = try HTTPResponseHead.read(from: pending) else {
                self = .awaitingHead(pending)
                return false
            }
            if let mismatch = feed.receiveHead(status: head.status, headers: head.headers) {
                feed.fail(mismatch)
                self = .ended
                return true
            }
            if head.value("transfer-encoding")?.lowercased().contains("chunked") == true {
                self = .chunked(ChunkedBodyDecoder())
            } else if let length = head.value("content-length").flatMap(Int.init), length >= 0 {
                self = .sized(remaining: length)
            } else {
                self = .untilClose
            }
            return try take(pending[length...], feed: feed)
        case .chunked(var decoder):
            let data = try decoder.feed(bytes)
            if !data.isEmpty { feed.receiveBody(data) }
            self = decoder.isFinished ? .ended : .chunked(decoder)
            return decoder.isFinished
        case .sized(let remaining):
            let take = min(remaining, bytes.count)
            if take > 0 { feed.receiveBody(bytes.prefix(take)) }
            self = take == remaining ? .ended : .sized(remaining: remaining - take)
            return take == remaining
        case .untilClose:
            if !bytes.isEmpty { feed.receiveBody(bytes) }
            return false
        case .ended:
            return true
        }
    }
}
