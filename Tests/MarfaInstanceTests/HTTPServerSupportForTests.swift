import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Glibc
import XCTest

import MarfaInstance

/// A response as a raw test client read it off the wire.
struct RawResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// Failures of the raw test client.
enum RawClientError: Error, CustomStringConvertible {
    case system(String, Int32)
    case timedOut(String)
    case closedEarly(String)
    case malformed(String)

    var description: String {
        switch self {
        case .system(let operation, let code): return "\(operation): \(String(cString: strerror(code)))"
        case .timedOut(let what): return "timed out waiting for \(what)"
        case .closedEarly(let what): return "connection closed while waiting for \(what)"
        case .malformed(let what): return "malformed response: \(what)"
        }
    }
}

/// A blocking loopback TCP client that writes exact bytes and reads responses with deadlines; one thread at a time.
final class RawHTTPClient: @unchecked Sendable {
    let descriptor: Int32
    private var received: [UInt8] = []
    private var sawEndOfStream = false

    init(port: Int, ipv6: Bool = false) throws {
        descriptor = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawClientError.system("socket", errno) }
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, "::1", &address.sin6_addr)
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw RawClientError.system("connect", code)
        }
    }

    private var isClosed = false

    deinit {
        close()
    }

    /// Closes the connection now (the peer sees end of stream); later calls do nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw RawClientError.system("send", errno)
            }
            offset += sent
        }
    }

    /// Reads until `predicate` holds for everything received so far, the peer closes, or the deadline passes.
    @discardableResult
    func read(until deadline: Date, what: String, _ predicate: ([UInt8]) -> Bool) throws -> [UInt8] {
        while !predicate(received) {
            guard !sawEndOfStream else { throw RawClientError.closedEarly(what) }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw RawClientError.timedOut(what) }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 1, Int32(remaining * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 {
                received.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno == ECONNRESET {
                sawEndOfStream = true
            } else if errno != EINTR && errno != EAGAIN {
                throw RawClientError.system("recv", errno)
            }
        }
        return received
    }

    /// Reads until `text` has arrived; returns everything received so far as text.
    @discardableResult
    func read(untilContains text: String, within seconds: TimeInterval = 5) throws -> String {
        let needle = Array(text.utf8)
        let bytes = try read(until: Date(timeIntervalSinceNow: seconds), what: "'\(text)'") { $0.contains(needle) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits for the peer to close; true if it did before the deadline.
    func waitForClose(within seconds: TimeInterval = 5) -> Bool {
        do {
            _ = try read(until: Date(timeIntervalSinceNow: seconds), what: "close") { _ in false }
            return false
        } catch RawClientError.closedEarly {
            return true
        } catch {
            return false
        }
    }

    /// Reads one complete response (Content-Length, chunked, or until close) and consumes it from the buffer.
    func readResponse(within seconds: TimeInterval = 5, bodyless: Bool = false) throws -> RawResponse {
        let deadline = Date(timeIntervalSinceNow: seconds)
        let separator = Array("\r\n\r\n".utf8)
        try read(until: deadline, what: "response head") { $0.firstRange(of: separator) != nil }
        guard let headEnd = received.firstRange(of: separator) else { throw RawClientError.malformed("no head") }
        let headText = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw RawClientError.malformed(headText)
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw RawClientError.malformed(line) }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        received.removeSubrange(0..<headEnd.upperBound)
        var body: [UInt8] = []
        if bodyless || status == 204 || status == 304 || status < 200 {
            body = []
        } else if let length = headers["Content-Length"].flatMap(Int.init) {
            try read(until: deadline, what: "body") { $0.count >= length }
            body = Array(received[0..<length])
            received.removeSubrange(0..<length)
        } else if headers["Transfer-Encoding"] == "chunked" {
            body = try readChunkedBody(until: deadline)
        } else {
            _ = waitForClose(within: deadline.timeIntervalSinceNow)
            body = received
            received = []
        }
        return RawResponse(status: status, headers: headers, body: body)
    }

    private func readChunkedBody(until deadline: Date) throws -> [UInt8] {
        var body: [UInt8] = []
        let crlf = Array("\r\n".utf8)
        while true {
            try read(until: deadline, what: "chunk size") { $0.firstRange(of: crlf) != nil }
            guard let lineEnd = received.firstRange(of: crlf),
                let size = Int(String(decoding: received[..<lineEnd.lowerBound], as: UTF8.self), radix: 16)
            else { throw RawClientError.malformed("chunk size") }
            received.removeSubrange(0..<lineEnd.upperBound)
            try read(until: deadline, what: "chunk data") { $0.count >= size + 2 }
            body.append(contentsOf: received[0..<size])
            received.removeSubrange(0..<(size + 2))
            if size == 0 { return body }
        }
    }
}

/// Starts a server on an ephemeral loopback port with a test's configuration and handler.
func startTestServer(
    _ configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPServer.Handler
) throws -> HTTPServer {
    var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    configuration.shutdownGracePeriod = .seconds(2)
    configure(&configuration)
    let server = HTTPServer(configuration: configuration)
    try server.start(handler: handler)
    return server
}

/// A value many tasks and threads may read and change.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    var current: Value {
        lock.withLock { value }
    }

    func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.withLock { change(&value) }
    }
}

/// A one-shot signal an async handler can wait for and a test can open.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        let waiting: [CheckedContinuation<Void, Never>] = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openAlready = lock.withLock {
                if isOpen { return true }
                waiters.append(continuation)
                return false
            }
            if openAlready { continuation.resume() }
        }
    }
}

/// An ephemeral URLSession for tests (no caches, no cookies).
func makeTestSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 10
    return URLSession(configuration: configuration)
}

/// Runs blocking client work on its own thread, so it never holds one of the few cooperative-pool threads.
func onThread<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Swift.Result { try work() })
        }
        thread.start()
    }
}
