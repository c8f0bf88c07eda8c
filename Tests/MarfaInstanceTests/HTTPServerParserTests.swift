import MarfaInstance
import XCTest

final class HTTPServerParserTests: XCTestCase {
    private func parse(
        _ chunks: [[UInt8]], limits: HTTPServerLimits = HTTPServerLimits()
    ) -> (requests: [HTTPRequest], refusal: HTTPRequestRefusal?, continues: Int) {
        var parser = HTTPRequestParser(limits: limits)
        var requests: [HTTPRequest] = []
        var continues = 0
        for chunk in chunks {
            parser.append(chunk)
            loop: while true {
                switch parser.nextEvent() {
                case .request(let request): requests.append(request)
                case .continueExpected: continues += 1
                case .bodyFollows: break
                case .needMoreData: break loop
                case .failed(let refusal): return (requests, refusal, continues)
                }
            }
        }
        return (requests, nil, continues)
    }

    /// The first event after the head's announcement, if any.
    private func parse(_ text: String, limits: HTTPServerLimits = HTTPServerLimits()) -> HTTPRequestParser.Event {
        var parser = HTTPRequestParser(limits: limits)
        parser.append(Array(text.utf8))
        let first = parser.nextEvent()
        guard case .bodyFollows = first else { return first }
        return parser.nextEvent()
    }

    private let pipelined = Array(
        ("\r\nGET /items?limit=2&name=a%20b+c HTTP/1.1\r\nHost: x\r\nX-Trace: one\r\nx-trace: two\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n"
            + #"{"a":[1,2]}"#
            + "PUT /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n"
            + "5;ext=1\r\nhello\r\n7\r\n, world\r\n0\r\nX-Checksum: 1\r\n\r\n"
            + "GET /old HTTP/1.0\nConnection: keep-alive\n\n").utf8)

    func testParsesPipelinedRequestsWithBodiesChunksAndBareLineFeeds() throws {
        let result = parse([pipelined])
        XCTAssertNil(result.refusal)
        XCTAssertEqual(result.continues, 1)
        XCTAssertEqual(result.requests.count, 4)
        let get = try XCTUnwrap(result.requests.first)
        XCTAssertEqual(get.method, "GET")
        XCTAssertEqual(get.target, "/items?limit=2&name=a%20b+c")
        XCTAssertEqual(get.path, "/items")
        XCTAssertEqual(get.queryValue("limit"), "2")
        XCTAssertEqual(get.queryValue("name"), "a b c")
        XCTAssertEqual(get.headers["X-TRACE"], "one")
        XCTAssertEqual(get.headers.values(for: "x-trace"), ["one", "two"])
        XCTAssertTrue(get.keepAlive)
        XCTAssertEqual(String(decoding: result.requests[1].body, as: UTF8.self), #"{"a":[1,2]}"#)
        XCTAssertEqual(String(decoding: result.requests[2].body, as: UTF8.self), "hello, world")
        XCTAssertEqual(result.requests[3].version, .http1_0)
        XCTAssertTrue(result.requests[3].keepAlive)
    }

    func testSplittingTheInputAtEveryByteBoundaryGivesTheSameRequests() {
        let whole = parse([pipelined])
        XCTAssertEqual(whole.requests.count, 4)
        for split in 0...pipelined.count {
            let pieces = [Array(pipelined[..<split]), Array(pipelined[split...])]
            let result = parse(pieces)
            XCTAssertEqual(result.requests, whole.requests, "split at \(split)")
            XCTAssertNil(result.refusal, "split at \(split)")
        }
        let byteByByte = parse(pipelined.map { [$0] })
        XCTAssertEqual(byteByByte.requests, whole.requests)
        XCTAssertEqual(byteByByte.continues, 1)
    }

    func testTheHeadIsAnnouncedBeforeAnyBodyByteIsTaken_Issue26_6() {
        var parser = HTTPRequestParser()
        parser.append(Array("PUT /up HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\nab".utf8))
        guard case .bodyFollows(let head) = parser.nextEvent() else { return XCTFail("expected the head first") }
        XCTAssertEqual(head.path, "/up")
        XCTAssertEqual(head.headers["Content-Length"], "5")
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(parser.bufferedByteCount, 2, "the two body bytes sent are still untouched")
        XCTAssertTrue(parser.isReadingBody, "the head is complete")
        XCTAssertEqual(parser.nextEvent(), .continueExpected, "100-continue comes after the head's announcement")
        XCTAssertEqual(parser.nextEvent(), .needMoreData)
        parser.append(Array("cde".utf8))
        guard case .request(let request) = parser.nextEvent() else { return XCTFail("expected the request") }
        XCTAssertEqual(request.body, Array("abcde".utf8))
        var bodiless = HTTPRequestParser()
        bodiless.append(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .request = bodiless.nextEvent() else { return XCTFail("a request without a body is not announced") }
    }

    func testIdleOnlyBetweenRequests() {
        var parser = HTTPRequestParser()
        XCTAssertTrue(parser.isIdle)
        parser.append(Array("GET / HTTP/1.1\r\nHo".utf8))
        XCTAssertEqual(parser.nextEvent(), .needMoreData)
        XCTAssertFalse(parser.isIdle)
        parser.append(Array("st: x\r\n\r\n".utf8))
        guard case .request = parser.nextEvent() else { return XCTFail("expected a request") }
        XCTAssertTrue(parser.isIdle)
    }

    func testMalformedRequestLinesAreRefusedWith400() {
        for line in [
            "GARBAGE", "GET /\r\n", "GET  / HTTP/1.1", "G(T / HTTP/1.1", "GET nopath HTTP/1.1",
            "GET /a%zz HTTP/1.1", "GET / HTTP/1.1 extra", "GET / FOO/1.1", "GET / HTTP/1",
        ] {
            guard case .failed(let refusal) = parse(line + "\r\nHost: x\r\n\r\n") else {
                XCTFail("accepted \(line)")
                continue
            }
            XCTAssertEqual(refusal.status.code, 400, line)
        }
    }

    func testUnknownVersionsAreRefusedWith505() {
        for version in ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3.0"] {
            XCTAssertEqual(parse("GET / \(version)\r\nHost: x\r\n\r\n"), .failed(.versionNotSupported), version)
        }
        XCTAssertEqual(HTTPRequestRefusal.versionNotSupported.status.code, 505)
    }

    func testMalformedHeadersAreRefusedWith400() {
        for header in ["No colon", " folded: value", "Bad Name: x", ": empty", "X: a\u{1}b"] {
            guard case .failed(let refusal) = parse("GET / HTTP/1.1\r\nHost: x\r\n\(header)\r\n\r\n") else {
                XCTFail("accepted \(header)")
                continue
            }
            XCTAssertEqual(refusal.status.code, 400, header)
        }
        XCTAssertEqual(parse("GET / HTTP/1.1\r\n\r\n").refusalStatus, 400, "HTTP/1.1 without Host")
        XCTAssertEqual(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").refusalStatus, 400)
        XCTAssertNil(parse("GET / HTTP/1.0\r\n\r\n").refusalStatus, "HTTP/1.0 needs no Host")
    }

    func testHeadersOverTheLimitsAreRefusedWith431() {
        var limits = HTTPServerLimits()
        limits.maxHeadBytes = 256
        limits.maxHeaderCount = 3
        let big = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 300))\r\n\r\n"
        XCTAssertEqual(parse(big, limits: limits), .failed(.headersTooLarge))
        let unterminated = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 300))"
        XCTAssertEqual(parse(unterminated, limits: limits), .failed(.headersTooLarge))
        let many = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
        XCTAssertEqual(parse(many, limits: limits), .failed(.tooManyHeaders))
        let three = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\n\r\n"
        XCTAssertNil(parse(three, limits: limits).refusalStatus, "the limit itself is allowed")
        XCTAssertEqual(HTTPRequestRefusal.tooManyHeaders.status.code, 431)
        let longLine = "GET /\(String(repeating: "a", count: 300)) HTTP/1.1\r\nHost: x\r\n\r\n"
        XCTAssertEqual(parse(longLine, limits: limits), .failed(.requestLineTooLong))
    }

    func testBodiesOverTheLimitAreRefusedWith413() {
        var limits = HTTPServerLimits()
        limits.maxBodyBytes = 10
        XCTAssertEqual(
            parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", limits: limits), .failed(.bodyTooLarge))
        let tenBytes = parse("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits)
        guard case .request(let request) = tenBytes else { return XCTFail("a body at the limit is refused") }
        XCTAssertEqual(request.body.count, 10)
        let chunked = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n5\r\nghijk\r\n"
        XCTAssertEqual(parse(chunked, limits: limits), .failed(.bodyTooLarge))
        XCTAssertEqual(HTTPRequestRefusal.bodyTooLarge.status.code, 413)
    }

    func testTransferCodingsOtherThanChunkedAreRefused() {
        let gzip = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
        XCTAssertEqual(parse(gzip), .failed(.transferCodingNotImplemented("gzip, chunked")))
        XCTAssertEqual(HTTPRequestRefusal.transferCodingNotImplemented("gzip").status.code, 501)
        let notLast = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n"
        XCTAssertEqual(parse(notLast).refusalStatus, 400)
        let both = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n"
        XCTAssertEqual(parse(both).refusalStatus, 400)
        let badLength = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -3\r\n\r\n"
        XCTAssertEqual(parse(badLength).refusalStatus, 400)
        let conflicting = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n"
        XCTAssertEqual(parse(conflicting).refusalStatus, 400)
        let badChunk = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"
        XCTAssertEqual(parse(badChunk).refusalStatus, 400)
        let overlong = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n"
        XCTAssertEqual(parse(overlong).refusalStatus, 400)
    }

    func testKeepAliveFollowsVersionAndConnectionHeader() {
        XCTAssertTrue(HTTPRequest(method: "GET", target: "/").keepAlive)
        XCTAssertFalse(HTTPRequest(method: "GET", target: "/", headers: ["Connection": "Close"]).keepAlive)
        XCTAssertFalse(HTTPRequest(method: "GET", target: "/", version: .http1_0).keepAlive)
        XCTAssertTrue(
            HTTPRequest(method: "GET", target: "/", version: .http1_0, headers: ["connection": "Keep-Alive"])
                .keepAlive)
    }

    func testTargetsDecodeInEveryAcceptedForm() throws {
        let absolute = try XCTUnwrap(HTTPRequestTarget(Array("http://example.com:8080/a%2Fb?x=%E2%9C%93".utf8)))
        XCTAssertEqual(absolute.path, "/a/b")
        XCTAssertEqual(absolute.queryItems, [HTTPQueryItem(name: "x", value: "✓")])
        XCTAssertEqual(HTTPRequestTarget(Array("http://example.com".utf8))?.path, "/")
        XCTAssertEqual(HTTPRequestTarget(Array("*".utf8))?.path, "*")
        XCTAssertEqual(
            HTTPRequestTarget(Array("/?flag&=v".utf8))?.queryItems,
            [
                HTTPQueryItem(name: "flag", value: ""), HTTPQueryItem(name: "", value: "v"),
            ])
        XCTAssertNil(HTTPRequestTarget(Array("/a#frag".utf8)))
        XCTAssertNil(HTTPRequestTarget(Array("/%C3%28".utf8)), "escapes that are not UTF-8")
        XCTAssertNil(HTTPRequestTarget(Array("ftp://x/".utf8)))
    }
}

extension HTTPRequestParser.Event {
    fileprivate var refusalStatus: Int? {
        if case .failed(let refusal) = self { return refusal.status.code }
        return nil
    }
}
