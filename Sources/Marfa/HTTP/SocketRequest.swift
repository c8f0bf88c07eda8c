import Foundation
import MarfaSockets

/// One plain-HTTP `GET` over our own HTTP/1.1 client (the socket layer of Decision 0012): a thread of its own
/// connects, sends the request with `Connection: close`, and reads the head and the whole body (sized, chunked or
/// until the close) into one buffer. Reads of `http://` instances take it: through URLSession each page crossed
/// libcurl's thread and a growing `Data` before the copy saw a byte (Decision 0038).
///
/// Like `UncancelledRequest` it is never cancelled: it ends with its answer, a failure or its deadline.
enum SocketRequest {
    /// The answer to `request`, or a description of why there is none, within `timeout`.
    static func get(_ request: PlainGetRequest, timeout: TimeInterval) async
        -> Result<(head: HTTPResponseHead, body: [UInt8]), SocketRequestFailure>
    {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(SocketRequestFailure) in
                    try exchange(request, deadline: .now + .seconds(timeout))
                })
            }
            thread.name = "marfa-http-get"
            thread.start()
        }
    }

    private static func exchange(
        _ request: PlainGetRequest, deadline: ContinuousClock.Instant
    ) throws(SocketRequestFailure) -> (head: HTTPResponseHead, body: [UInt8]) {
        let socket: ConnectedSocket
        do {
            socket = try ConnectedSocket.connect(host: request.host, port: request.port, deadline: deadline)
        } catch {
            throw SocketRequestFailure("\(error)")
        }
        defer { socket.close() }
        do {
            try socket.sendAll(request.bytes, deadline: deadline)
            var reader = AnswerReader(socket: socket, deadline: deadline)
            return try reader.read()
        } catch let failure as SocketRequestFailure {
            throw failure
        } catch {
            throw SocketRequestFailure("\(error)")
        }
    }
}

/// Why a socket request has no answer.
struct SocketRequestFailure: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Reads one answer from a connection the client will close: the head, then the body as its framing says.
private struct AnswerReader {
    let socket: ConnectedSocket
    let deadline: ContinuousClock.Instant
    private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
    private static let cutShort = SocketRequestFailure("the connection closed inside the answer")

    init(socket: ConnectedSocket, deadline: ContinuousClock.Instant) {
        self.socket = socket
        self.deadline = deadline
    }

    mutating func read() throws -> (head: HTTPResponseHead, body: [UInt8]) {
        var pending: [UInt8] = []
        while true {
            guard let count = try receive() else {
                throw SocketRequestFailure("the connection closed before an answer")
            }
            pending.append(contentsOf: buffer[..<count])
            if let (head, length) = try HTTPResponseHead.read(from: pending) {
                return (head, try body(of: head, starting: pending[length...]))
            }
        }
    }

    private mutating func body(of head: HTTPResponseHead, starting first: ArraySlice<UInt8>) throws -> [UInt8] {
        if head.value("transfer-encoding")?.lowercased().contains("chunked") == true {
            var decoder = ChunkedBodyDecoder()
            var body = try decoder.feed(first)
            while !decoder.isFinished {
                guard let count = try receive() else { throw Self.cutShort }
                body += try decoder.feed(buffer[..<count])
            }
            return body
        }
        var body = Array(first)
        guard let length = head.value("content-length").flatMap(Int.init), length >= 0 else {
            while let count = try receive() { body += buffer[..<count] }
            return body
        }
        body.reserveCapacity(length)
        while body.count < length {
            guard let count = try receive() else { throw Self.cutShort }
            body += buffer[..<count]
        }
        if body.count > length { body.removeLast(body.count - length) }
        return body
    }

    /// Waits for bytes until the deadline; answers how many arrived in `buffer`, or nil at the end of the stream.
    private mutating func receive() throws -> Int? {
        let socket = socket
        while true {
            var descriptors = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)]
            guard try pollDescriptors(&descriptors, until: deadline) > 0 else {
                throw SocketRequestFailure("no answer before the request's deadline")
            }
            let outcome = try buffer.withUnsafeMutableBytes { bytes throws(SocketError) in
                try socket.receive(into: bytes)
            }
            switch outcome {
            case .received(let count): return count
            case .endOfStream: return nil
            case .wouldBlock: continue
            }
        }
    }
}
