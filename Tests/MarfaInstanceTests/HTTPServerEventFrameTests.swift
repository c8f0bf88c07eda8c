import MarfaInstance
import XCTest

final class HTTPServerEventFrameTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    func testMultiLineDataBecomesOneDataLinePerLineWhateverTheLineEnding() {
        let frame = SSEFrameEncoder.encode(SSEEvent(event: "item.created", id: "42", data: "a\r\nb\rc\nd"))
        XCTAssertEqual(text(frame), "id: 42\nevent: item.created\ndata: a\ndata: b\ndata: c\ndata: d\n\n")
    }

    func testEmptyAndTrailingLinesSurvive() {
        XCTAssertEqual(text(SSEFrameEncoder.encode(SSEEvent(data: ""))), "data: \n\n")
        XCTAssertEqual(text(SSEFrameEncoder.encode(SSEEvent(data: "x\n"))), "data: x\ndata: \n\n")
        XCTAssertEqual(text(SSEFrameEncoder.encode(SSEEvent(data: "\r\n\r\n"))), "data: \ndata: \ndata: \n\n")
    }

    func testFieldsCannotBreakTheFrame() {
        let frame = SSEFrameEncoder.encode(SSEEvent(event: "a\r\nb", id: "1\n2\0", data: "{}", retry: 1500))
        XCTAssertEqual(text(frame), "id: 12\nevent: ab\nretry: 1500\ndata: {}\n\n")
    }

    func testCommentsPrefixEveryLine() {
        XCTAssertEqual(text(SSEFrameEncoder.ping), ":ping\n\n")
        XCTAssertEqual(text(SSEFrameEncoder.comment(" connected")), ": connected\n\n")
        XCTAssertEqual(text(SSEFrameEncoder.comment("a\nb")), ":a\n:b\n\n")
    }

    func testJSONDataWithEmbeddedNewlinesRoundTripsThroughAReader() {
        let payload = "{\n  \"reason\": \"server_stopping\"\n}"
        let frame = text(SSEFrameEncoder.encode(SSEEvent(event: "stream_incomplete", data: payload)))
        let data = frame.split(separator: "\n").filter { $0.hasPrefix("data: ") }.map { $0.dropFirst(6) }
        XCTAssertEqual(data.joined(separator: "\n"), payload)
    }

    func testResponseHeadCarriesDateFramingAndConnection() {
        let head = String(
            decoding: HTTPResponseHead.encode(
                status: .ok, headers: ["Content-Type": "text/plain", "Content-Length": "999", "X-Evil": "a\r\nb"],
                defaultHeaders: ["X-Default": "1", "Content-Type": "ignored"], framing: .contentLength(5),
                keepAlive: false, clientVersion: .http1_1), as: UTF8.self)
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(head.contains("Content-Type: text/plain\r\n"))
        XCTAssertFalse(head.contains("ignored"))
        XCTAssertTrue(head.contains("X-Default: 1\r\n"))
        XCTAssertTrue(head.contains("Content-Length: 5\r\n"))
        XCTAssertFalse(head.contains("999"))
        XCTAssertTrue(head.contains("X-Evil: a  b\r\n"))
        XCTAssertTrue(head.contains("Connection: close\r\n"))
        XCTAssertNotNil(
            head.range(of: #"Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n"#, options: .regularExpression))
        XCTAssertTrue(head.hasSuffix("\r\n\r\n"))
        XCTAssertEqual(HTTPDate.format(secondsSinceEpoch: 784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
