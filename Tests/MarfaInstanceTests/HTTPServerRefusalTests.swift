import Foundation
import MarfaInstance
import MarfaTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class HTTPServerRefusalTests: XCTestCase {
    private func assertRefusal(
        _ response: RawResponse, status: Int, code: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(response.status, status, file: file, line: line)
        XCTAssertEqual(response.headers["Connection"], "close", file: file, line: line)
        XCTAssertEqual(response.headers["Content-Type"], "application/json", file: file, line: line)
        XCTAssertEqual(response.headers["X-Error-Code"], code, file: file, line: line)
        XCTAssertNotNil(response.headers["Date"], file: file, line: line)
        let envelope = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: [String: String]]
        XCTAssertEqual(envelope?["error"]?["code"], code, response.bodyText, file: file, line: line)
        XCTAssertNotNil(envelope?["error"]?["message"], file: file, line: line)
    }

    /// Sends `request` on a fresh connection and reads the answer, then checks that the server closed.
    private func refusal(to request: [UInt8], port: Int) async throws -> (RawResponse, closed: Bool) {
        try await onThread {
            let client = try RawHTTPClient(port: port)
            try? client.send(request)
            let response = try client.readResponse()
            return (response, client.waitForClose())
        }
    }

    func testMalformedRequestLineIsAnswered400AndClosed() async throws {
        let server = try startTestServer(handler: HTTPServerExchangeTests.echo)
        let (response, closed) = try await refusal(to: Array("GARBAGE\r\nHost: t\r\n\r\n".utf8), port: server.port)
        assertRefusal(response, status: 400, code: "bad_request")
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testOneMegabyteHeaderIsAnswered431() async throws {
        let server = try startTestServer(handler: HTTPServerExchangeTests.echo)
        let request = "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 1 << 20))\r\n\r\n"
        let (response, closed) = try await refusal(to: Array(request.utf8), port: server.port)
        assertRefusal(response, status: 431, code: "headers_too_large")
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testTooManyHeadersAreAnswered431() async throws {
        let server = try startTestServer(handler: HTTPServerExchangeTests.echo)
        let headers = (0...100).map { "X-H\($0): v\r\n" }.joined()
        let (response, _) = try await refusal(
            to: Array("GET / HTTP/1.1\r\nHost: t\r\n\(headers)\r\n".utf8), port: server.port)
        assertRefusal(response, status: 431, code: "headers_too_large")
        await server.stop()
    }

    func testBodyOverTheLimitIsAnswered413() async throws {
        let server = try startTestServer({ $0.limits.maxBodyBytes = 1024 }, handler: HTTPServerExchangeTests.echo)
        let declared =
            "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 4096\r\n\r\n\(String(repeating: "x", count: 4096))"
        let (response, closed) = try await refusal(to: Array(declared.utf8), port: server.port)
        assertRefusal(response, status: 413, code: "request_too_large")
        XCTAssertTrue(closed)
        let chunk = String(repeating: "y", count: 600)
        let chunked =
            "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n258\r\n\(chunk)\r\n258\r\n\(chunk)\r\n"
        let (chunkedResponse, _) = try await refusal(to: Array(chunked.utf8), port: server.port)
        assertRefusal(chunkedResponse, status: 413, code: "request_too_large")
        let atLimit = "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1024\r\n\r\n\(String(repeating: "z", count: 1024))"
        let accepted = try await onThread {
            let client = try RawHTTPClient(port: server.port)
            try client.send(atLimit)
            return try client.readResponse().status
        }
        XCTAssertEqual(accepted, 200, "a body of exactly the limit is served")
        await server.stop()
    }

    func testUnknownVersionIsAnswered505() async throws {
        let server = try startTestServer(handler: HTTPServerExchangeTests.echo)
        let (response, closed) = try await refusal(
            to: Array("GET / HTTP/2.0\r\nHost: t\r\n\r\n".utf8), port: server.port)
        assertRefusal(response, status: 505, code: "http_version_not_supported")
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testUnsupportedTransferCodingIsAnswered501() async throws {
        let server = try startTestServer(handler: HTTPServerExchangeTests.echo)
        let request = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n"
        let (response, closed) = try await refusal(to: Array(request.utf8), port: server.port)
        assertRefusal(response, status: 501, code: "not_implemented")
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testConnectionsBeyondTheLimitAreAnswered503() async throws {
        let server = try startTestServer({ $0.limits.maxConnections = 2 }, handler: HTTPServerExchangeTests.echo)
        let held = try [RawHTTPClient(port: server.port), RawHTTPClient(port: server.port)]
        let bothHeld = await eventually { server.activeConnectionCount == 2 }
        XCTAssertTrue(bothHeld)
        let (response, closed) = try await onThread {
            let extra = try RawHTTPClient(port: server.port)
            return (try extra.readResponse(), extra.waitForClose())
        }
        assertRefusal(response, status: 503, code: "server_busy")
        XCTAssertEqual(response.headers["Retry-After"], "1")
        XCTAssertTrue(closed)
        try held[0].send("GET /still HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try held[0].readResponse().status, 200, "the held connections are still served")
        await server.stop()
    }

    func testTheGateRefusesFromTheHeadWithoutAContinueOrTheHandler_Issue26_6() async throws {
        let handled = Locked(0)
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        let refusal = HTTPResponse.json(HTTPStatus(code: 401), text: #"{"error":{"code":"unauthorized"}}"#)
        try server.start(
            gate: { head in head.headers["Authorization"] == nil ? refusal : nil },
            handler: { request in
                handled.update { $0 += 1 }
                return .text("took \(request.body.count)")
            })
        let port = server.port
        let (refused, closed, admitted) = try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send(
                "POST /up HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 1000000\r\n\r\n")
            let refused = try client.readResponse()
            let keyed = try RawHTTPClient(port: port)
            try keyed.send("POST /up HTTP/1.1\r\nHost: t\r\nAuthorization: k\r\nContent-Length: 3\r\n\r\nabc")
            return (refused, client.waitForClose(), try keyed.readResponse())
        }
        XCTAssertEqual(refused.status, 401, "the gate's answer comes first, no 100 Continue before it")
        XCTAssertEqual(refused.headers["Connection"], "close")
        XCTAssertTrue(closed)
        XCTAssertEqual(admitted.bodyText, "took 3", "a head the gate lets through is read whole and handled")
        XCTAssertEqual(handled.current, 1, "the refused request never reached the handler")
        await server.stop()
    }

    func testSlowHeadGets408FromItsFirstByteWhileAnotherClientIsServed_Issue26_6() async throws {
        let clock = ManualServerClock()
        let server = try startTestServer({ $0.clock = clock }, handler: HTTPServerExchangeTests.echo)
        let port = server.port
        let timeout = server.configuration.limits.headerTimeout
        let slow = try RawHTTPClient(port: port)
        try slow.send("GET /slow HTTP/1.1\r\nHo")
        try await assertServed(port: port, "the fast client does not wait for the slow one")
        clock.advance(by: timeout - .milliseconds(1))
        try slow.send("st")
        try await assertServed(port: port, "still served while the slow head trickles in")
        clock.advance(by: .milliseconds(1))
        let (response, closed) = try await onThread { (try slow.readResponse(), slow.waitForClose()) }
        assertRefusal(response, status: 408, code: "request_timeout")
        XCTAssertTrue(closed, "the timeout counts from the head's first byte, not from its last")
        await server.stop()
    }

    func testABodyHasTheReadTimeoutFromTheRequestsFirstByte_Issue26_6() async throws {
        let clock = ManualServerClock()
        let server = try startTestServer({ $0.clock = clock }, handler: HTTPServerExchangeTests.echo)
        let port = server.port
        let limits = server.configuration.limits
        let client = try RawHTTPClient(port: port)
        try client.send("POST /one HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
        try await assertServed(port: port, "the loop has read the head and the first body bytes")
        clock.advance(by: limits.headerTimeout)
        try client.send("cd")
        let first = try await onThread { try client.readResponse() }
        XCTAssertEqual(first.status, 200, "a body is not held to the header timeout")
        try client.send("POST /two HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nab")
        try await assertServed(port: port, "the loop has read the second head")
        clock.advance(by: limits.readTimeout)
        let (second, closed) = try await onThread { (try client.readResponse(), client.waitForClose()) }
        assertRefusal(second, status: 408, code: "request_timeout")
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testASilentNewConnectionIsClosedAfterTheHeaderTimeout_Issue26_6() async throws {
        let clock = ManualServerClock()
        let server = try startTestServer({ $0.clock = clock }) { _ in .text("ok") }
        let silent = try RawHTTPClient(port: server.port)
        let accepted = await eventually { server.activeConnectionCount == 1 }
        XCTAssertTrue(accepted)
        clock.advance(by: server.configuration.limits.headerTimeout)
        let (closed, extra) = try await onThread {
            let closed = silent.waitForClose()
            return (closed, (try? silent.read(until: Date(), what: "leftover") { _ in true }) ?? [])
        }
        XCTAssertTrue(closed, "a socket that never sent a byte is closed once the header timeout passes")
        XCTAssertTrue(extra.isEmpty, "silently: no 408 for a connection that sent nothing")
        let gone = await eventually { server.activeConnectionCount == 0 }
        XCTAssertTrue(gone)
        await server.stop()
    }

    func testIdleKeepAliveConnectionIsClosedSilently_Issue26_6() async throws {
        let clock = ManualServerClock()
        let server = try startTestServer({ $0.clock = clock }) { _ in .text("ok") }
        let client = try RawHTTPClient(port: server.port)
        let status = try await onThread {
            try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse().status
        }
        XCTAssertEqual(status, 200)
        // The loop arms the idle deadline after it has written the answer, which the client may read first: the
        // clock is advanced again until the deadline it armed has passed (a bounded number of times).
        var closed = false
        for _ in 0..<20 where !closed {
            clock.advance(by: server.configuration.limits.idleTimeout)
            closed = try await onThread { client.waitForClose(within: 0.25) }
        }
        let extra = try await onThread { (try? client.read(until: Date(), what: "leftover") { _ in true }) ?? [] }
        XCTAssertTrue(closed)
        XCTAssertTrue(extra.isEmpty, "no 408 is sent to a connection that was only idle")
        await server.stop()
    }

    /// A fresh client's GET is answered 200 with its path.
    private func assertServed(port: Int, _ message: String) async throws {
        let response = try await onThread {
            let client = try RawHTTPClient(port: port)
            try client.send("GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        XCTAssertEqual(response.status, 200, message)
        XCTAssertTrue(response.bodyText.contains("/fast"), message)
    }
}
