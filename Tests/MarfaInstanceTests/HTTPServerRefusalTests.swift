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

    func testSlowClientGets408WhileAnotherClientIsServed() async throws {
        let server = try startTestServer(
            { $0.limits.readTimeout = .milliseconds(1500) }, handler: HTTPServerExchangeTests.echo)
        let port = server.port
        let started = Date()
        async let slow: (RawResponse, Int, Bool) = onThread {
            let client = try RawHTTPClient(port: port)
            var sent = 0
            for byte in Array("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n".utf8) {
                try? client.send([byte])
                sent += 1
                let separator = Array("\r\n\r\n".utf8)
                let answered = try? client.read(until: Date(timeIntervalSinceNow: 1), what: "answer") {
                    $0.firstRange(of: separator) != nil
                }
                if answered != nil { break }
            }
            return (try client.readResponse(), sent, client.waitForClose())
        }
        let session = makeTestSession()
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/fast"))
        let (data, fast) = try await session.data(from: url)
        XCTAssertEqual((fast as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("/fast"))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "the fast client did not wait for the slow one")
        let (response, bytesSent, closed) = try await slow
        assertRefusal(response, status: 408, code: "request_timeout")
        XCTAssertTrue(closed)
        XCTAssertGreaterThanOrEqual(bytesSent, 2, "the client was trickling bytes, not idle")
        XCTAssertLessThanOrEqual(bytesSent, 3, "the timeout counts from the first byte, not from the last")
        await server.stop()
    }

    func testIdleKeepAliveConnectionIsClosedSilently() async throws {
        let server = try startTestServer({ $0.limits.idleTimeout = .milliseconds(300) }) { _ in .text("ok") }
        let (status, closed, extra) = try await onThread {
            let client = try RawHTTPClient(port: server.port)
            try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
            let status = try client.readResponse().status
            let closed = client.waitForClose(within: 3)
            let extra = (try? client.read(until: Date(), what: "leftover") { _ in true }) ?? []
            return (status, closed, extra)
        }
        XCTAssertEqual(status, 200)
        XCTAssertTrue(closed)
        XCTAssertTrue(extra.isEmpty, "no 408 is sent to a connection that was only idle")
        await server.stop()
    }
}
