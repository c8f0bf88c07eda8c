import Foundation
import Glibc
import MarfaSockets
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request to a plain-HTTP instance over our own HTTP/1.1 client (`Connection: close`, one socket per
/// request, on a thread of its own), as the event stream already is (Decision 0012). A connection that ends before
/// the answer's head, inside it or inside its body is a transport failure the caller sees, never the trap
/// FoundationNetworking hits when a connection closes inside an answer's head (Decision 0096).
enum SocketRequest {
    /// Performs `request` within `timeout` seconds on a thread of its own and hands its outcome to `done`.
    static func start(
        _ request: URLRequest, timeout: TimeInterval,
        done: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void
    ) {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        Thread.detachNewThread {
            done(Result { try perform(request, deadline: deadline) })
        }
    }

    private static func perform(
        _ request: URLRequest, deadline: ContinuousClock.Instant
    ) throws -> (Data, URLResponse) {
        guard let url = request.url, let host = url.host, !host.isEmpty,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { throw SocketRequestFailure("the request names no host") }
        let port = url.port ?? 80
        let method = request.httpMethod ?? "GET"
        var target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        if let query = components.percentEncodedQuery { target += "?" + query }
        let body = [UInt8](request.httpBody ?? Data())
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        if method != "GET" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        let socket: ConnectedSocket
        do {
            socket = try ConnectedSocket.connect(host: host, port: port, deadline: deadline)
        } catch {
            throw SocketRequestFailure("\(host):\(port) could not be reached: \(error)")
        }
        defer { socket.close() }
        do {
            try socket.sendAll(Array(head.utf8) + body, deadline: deadline)
        } catch {
            throw SocketRequestFailure("the request could not be sent: \(error)")
        }
        var reader = AnswerReader(socket: socket, deadline: deadline)
        let (status, headers, answer) = try reader.answer(toHead: method == "HEAD")
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw SocketRequestFailure("the answer's status \(status) cannot be read") }
        return (Data(answer), response)
    }
}

/// Reads one answer from a connection that closes after it: the head, then a body framed by chunks, by its
/// length, or by the end of the connection; every wait bounded by the request's deadline.
private struct AnswerReader {
    let socket: ConnectedSocket
    let deadline: ContinuousClock.Instant
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init(socket: ConnectedSocket, deadline: ContinuousClock.Instant) {
        self.socket = socket
        self.deadline = deadline
    }

    /// The status, headers (repeated ones joined by commas) and body.
    mutating func answer(toHead: Bool) throws -> (Int, [String: String], [UInt8]) {
        var pending: [UInt8] = []
        var read: (head: HTTPResponseHead, length: Int)?
        while read == nil {
            guard let bytes = try next() else {
                throw SocketRequestFailure(
                    pending.isEmpty
                        ? "the connection closed before an answer" : "the connection closed inside the answer's head")
            }
            pending += bytes
            do {
                read = try HTTPResponseHead.read(from: pending)
            } catch {
                throw SocketRequestFailure("the answer's head is malformed: \(error)")
            }
        }
        guard let (head, length) = read else { throw SocketRequestFailure("no answer") }
        let headers = head.headers.mapValues { $0.joined(separator: ", ") }
        let rest = Array(pending[length...])
        if toHead || head.status < 200 || head.status == 204 || head.status == 304 { return (head.status, headers, []) }
        if head.value("transfer-encoding")?.lowercased().contains("chunked") == true {
            return (head.status, headers, try chunked(starting: rest))
        }
        if let size = head.value("content-length").flatMap(Int.init), size >= 0 {
            return (head.status, headers, try sized(size, starting: rest))
        }
        var body = rest
        while let bytes = try next() { body += bytes }
        return (head.status, headers, body)
    }

    private mutating func chunked(starting rest: [UInt8]) throws -> [UInt8] {
        var decoder = ChunkedBodyDecoder()
        var body = try decoded(rest[...], by: &decoder)
        while !decoder.isFinished {
            guard let bytes = try next() else { throw SocketRequestFailure("the connection closed inside the answer") }
            body += try decoded(bytes[...], by: &decoder)
        }
        return body
    }

    private func decoded(_ bytes: ArraySlice<UInt8>, by decoder: inout ChunkedBodyDecoder) throws -> [UInt8] {
        do {
            return try decoder.feed(bytes)
        } catch {
            throw SocketRequestFailure("the answer's chunks are malformed: \(error)")
        }
    }

    private mutating func sized(_ size: Int, starting rest: [UInt8]) throws -> [UInt8] {
        var body = rest
        while body.count < size {
            guard let bytes = try next() else { throw SocketRequestFailure("the connection closed inside the answer") }
            body += bytes
        }
        return Array(body.prefix(size))
    }

    /// The next bytes the connection brings, or nil once it ends; throws when the deadline passes first.
    private mutating func next() throws -> [UInt8]? {
        while true {
            var descriptors = [pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)]
            let ready: Int
            do {
                ready = try pollDescriptors(&descriptors, until: deadline)
            } catch {
                throw SocketRequestFailure("\(error)")
            }
            guard ready > 0 else { throw SocketRequestFailure("the answer did not come in time") }
            let socket = self.socket
            let outcome = try? buffer.withUnsafeMutableBytes { bytes throws(SocketError) in
                try socket.receive(into: bytes)
            }
            switch outcome {
            case .received(let count)?: return Array(buffer[..<count])
            case .wouldBlock?: continue
            case .endOfStream?, nil: return nil
            }
        }
    }
}

/// Why a plain-HTTP request failed: the connection, the deadline, or an answer that cannot be read.
struct SocketRequestFailure: Error, LocalizedError {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    var errorDescription: String? { reason }
}
