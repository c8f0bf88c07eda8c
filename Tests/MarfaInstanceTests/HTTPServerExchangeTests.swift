import Foundation
import MarfaInstance
import MarfaSockets
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class HTTPServerExchangeTests: XCTestCase {
    /// Answers every request with a JSON description of what arrived.
    static let echo: HTTPServer.Handler = { request in
        let description: [String: Any] = [
            "method": request.method, "path": request.path, "target": request.target,
            "query": Dictionary(
                request.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }),
            "contentType": request.headers["content-type"] ?? "",
            "body": String(decoding: request.body, as: UTF8.self),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: description, options: [.sortedKeys])) ?? Data()
        return .json(.ok, headers: ["X-Handler": "echo"], body: Array(data))
    }

    private func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testGetIsEchoedAsJSONThroughURLSession() async throws {
        let server = try startTestServer(handler: Self.echo)
        let session = makeTestSession()
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)/items/a%20b?limit=2&q=x+y"))
        let (data, response) = try await session.data(from: url)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        XCTAssertEqual(http.statusCode, 200)
        XCTAssertEqual(http.value(forHTTPHeaderField: "Content-Type"), "application/json")
        XCTAssertEqual(http.value(forHTTPHeaderField: "X-Handler"), "echo")
        XCTAssertNotNil(http.value(forHTTPHeaderField: "Date"))
        XCTAssertEqual(http.value(forHTTPHeaderField: "Content-Length"), String(data.count))
        let echoed = try json(data)
        XCTAssertEqual(echoed["method"] as? String, "GET")
        XCTAssertEqual(echoed["path"] as? String, "/items/a b")
        XCTAssertEqual(echoed["query"] as? [String: String], ["limit": "2", "q": "x y"])
        await server.stop()
    }

    func testPostedJSONBodyIsEchoedThroughURLSession() async throws {
        let server = try startTestServer(handler: Self.echo)
        let session = makeTestSession()
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)/echo")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let payload = #"{"title":"héllo","n":[1,2,3],"long":"\#(String(repeating: "z", count: 5000))"}"#
        request.httpBody = Data(payload.utf8)
        let (data, response) = try await session.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let echoed = try json(data)
        XCTAssertEqual(echoed["method"] as? String, "POST")
        XCTAssertEqual(echoed["contentType"] as? String, "application/json")
        XCTAssertEqual(echoed["body"] as? String, payload)
        await server.stop()
    }

    func testTwoRequestsShareOneKeepAliveConnection() async throws {
        let connections = Locked(0)
        let server = try startTestServer(handler: Self.echo)
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try client.readResponse()
        XCTAssertEqual(first.status, 200)
        XCTAssertNil(first.headers["Connection"])
        connections.update { $0 = server.activeConnectionCount }
        try client.send("POST /second HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi")
        let second = try client.readResponse()
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(try json(Data(second.body))["body"] as? String, "hi")
        XCTAssertEqual(connections.current, 1)
        XCTAssertEqual(server.activeConnectionCount, 1, "both requests used the same connection")
        try client.send("GET /third HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        let third = try client.readResponse()
        XCTAssertEqual(third.headers["Connection"], "close")
        XCTAssertTrue(client.waitForClose(), "Connection: close ends the connection")
        await server.stop()
    }

    func testPipelinedRequestsAreAnsweredInOrder() async throws {
        let server = try startTestServer(handler: Self.echo)
        let client = try RawHTTPClient(port: server.port)
        try client.send(
            "GET /1 HTTP/1.1\r\nHost: t\r\n\r\nGET /2 HTTP/1.1\r\nHost: t\r\n\r\nGET /3 HTTP/1.1\r\nHost: t\r\n\r\n")
        for index in 1...3 {
            let response = try client.readResponse()
            XCTAssertEqual(try json(Data(response.body))["path"] as? String, "/\(index)")
        }
        await server.stop()
    }

    func testChunkedRequestBodyIsReassembled() async throws {
        let server = try startTestServer(handler: Self.echo)
        let client = try RawHTTPClient(port: server.port)
        try client.send("POST /chunks HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n")
        try client.send("5;name=v\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nTrailer: x\r\n\r\n")
        let response = try client.readResponse()
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try json(Data(response.body))["body"] as? String, "Wikipedia in\r\n\r\nchunks.")
        await server.stop()
    }

    func testExpectContinueGetsAnInterimAnswerBeforeTheBody() async throws {
        let server = try startTestServer(handler: Self.echo)
        let client = try RawHTTPClient(port: server.port)
        try client.send("PUT /x HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse(bodyless: true)
        XCTAssertEqual(interim.status, 100)
        try client.send("abc")
        let response = try client.readResponse()
        XCTAssertEqual(try json(Data(response.body))["body"] as? String, "abc")
        await server.stop()
    }

    func testHeadAnswersHaveTheLengthButNoBody() async throws {
        let server = try startTestServer { _ in .text("twelve bytes") }
        let client = try RawHTTPClient(port: server.port)
        try client.send("HEAD / HTTP/1.1\r\nHost: t\r\n\r\nGET / HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(bodyless: true)
        XCTAssertEqual(head.headers["Content-Length"], "12")
        let get = try client.readResponse()
        XCTAssertEqual(get.bodyText, "twelve bytes", "nothing of the HEAD body leaked into the next answer")
        await server.stop()
    }

    func testBodylessStatusesSendNeitherBodyNorLength() async throws {
        let server = try startTestServer { request in
            request.path == "/none"
                ? HTTPResponse(status: .noContent, body: Array("dropped".utf8))
                : .json(.notFound, text: #"{"error":{"code":"not_found"}}"#)
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send("DELETE /none HTTP/1.1\r\nHost: t\r\n\r\nGET /missing HTTP/1.1\r\nHost: t\r\n\r\n")
        let empty = try client.readResponse()
        XCTAssertEqual(empty.status, 204)
        XCTAssertNil(empty.headers["Content-Length"])
        let missing = try client.readResponse()
        XCTAssertEqual(missing.status, 404, "the 204's body did not leak into the next answer")
        XCTAssertEqual(missing.bodyText, #"{"error":{"code":"not_found"}}"#)
        await server.stop()
    }

    func testHTTP10ClosesUnlessAskedToKeepAlive() async throws {
        let server = try startTestServer(handler: Self.echo)
        let keeping = try RawHTTPClient(port: server.port)
        try keeping.send("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(try keeping.readResponse().headers["Connection"], "keep-alive")
        try keeping.send("GET /b HTTP/1.0\r\n\r\n")
        let last = try keeping.readResponse()
        XCTAssertEqual(last.status, 200)
        XCTAssertEqual(last.headers["Connection"], "close")
        XCTAssertTrue(keeping.waitForClose())
        await server.stop()
    }

    func testDefaultHeadersAreAddedUnlessTheHandlerSetsThem() async throws {
        let server = try startTestServer({ $0.defaultHeaders = ["X-Contract": "1", "X-Handler": "default"] }) {
            request in
            request.path == "/refuse" ? HTTPRequestRefusal.malformed("x").response : .text("ok")
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        let plain = try client.readResponse()
        XCTAssertEqual(plain.headers["X-Contract"], "1")
        XCTAssertEqual(plain.headers["X-Handler"], "default")
        let raw = try RawHTTPClient(port: server.port)
        try raw.send("BROKEN\r\n\r\n")
        XCTAssertEqual(try raw.readResponse().headers["X-Contract"], "1", "refusals carry them too")
        await server.stop()
    }

    func testListeningOnIPv6LoopbackWorksWhenAvailable() async throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "[::1]", port: 0))
        do {
            try server.start { _ in .text("six") }
        } catch let error as SocketError {
            throw XCTSkip("IPv6 loopback unavailable: \(error)")
        }
        XCTAssertGreaterThan(server.port, 0)
        let client = try RawHTTPClient(port: server.port, ipv6: true)
        try client.send("GET / HTTP/1.1\r\nHost: [::1]\r\n\r\n")
        XCTAssertEqual(try client.readResponse().bodyText, "six")
        await server.stop()
        XCTAssertThrowsError(
            try HTTPServer(configuration: HTTPServerConfiguration(host: "example.com", port: 0))
                .start { _ in .text("") })
    }
}
