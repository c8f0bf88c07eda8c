import Foundation
import MarfaLocks
import Marfa
import MarfaSockets
import XCTest

/// The event stream's own HTTP/1.1 client (Docs/Decisions/0012): the head, the chunked framing, and a stream read
/// from a raw loopback server that splits its answer at awkward places.
final class EventStreamClientTests: XCTestCase {
    private let chunked = Array("5;ext=1\r\nhello\r\n1\r\n \r\nB\r\nworld again\r\n0\r\nTrailer: x\r\n\r\n".utf8)

    func testChunkedFramingSplitAtEveryByteGivesTheSameBody_P29() throws {
        for split in 0...chunked.count {
            var decoder = ChunkedBodyDecoder()
            var body = try decoder.feed(chunked[..<split])
            XCTAssertEqual(decoder.isFinished, split == chunked.count, "split at \(split)")
            body += try decoder.feed(chunked[split...])
            XCTAssertEqual(String(decoding: body, as: UTF8.self), "hello world again", "split at \(split)")
            XCTAssertTrue(decoder.isFinished)
        }
    }

    func testAMalformedChunkSizeIsRefused() {
        var decoder = ChunkedBodyDecoder()
        XCTAssertThrowsError(try decoder.feed(Array("zz\r\n".utf8)[...]))
        var empty = ChunkedBodyDecoder()
        XCTAssertThrowsError(try empty.feed(Array("\r\n".utf8)[...]))
    }

    func testTheHeadIsReadOnceItsBlankLineArrivesAndKeepsRepeatedHeaders() throws {
        let text = Array("HTTP/1.1 401 Unauthorized\r\nX-Marfa-Contract: 3\r\nVary: a\r\nVary: b\r\n\r\n{\"error\"".utf8)
        XCTAssertNil(try HTTPResponseHead.read(from: Array(text[..<20])))
        let read = try XCTUnwrap(try HTTPResponseHead.read(from: text))
        XCTAssertEqual(read.head.status, 401)
        XCTAssertEqual(read.head.headers["vary"], ["a", "b"])
        XCTAssertEqual(read.head.value("x-marfa-contract"), "3")
        XCTAssertEqual(String(decoding: text[read.length...], as: UTF8.self), "{\"error\"")
        XCTAssertThrowsError(try HTTPResponseHead.read(from: Array("SMTP ready\r\n\r\n".utf8)))
    }

    /// P-29, WC-73: events arrive in order across chunk and write boundaries, and a clean end finishes the sequence.
    func testAStreamFromARawServerArrivesWholeAcrossSplitWrites_P29_WC73() async throws {
        let frames = "id: 7\nevent: stream_live\ndata: {\"cursor\":\"7\"}\n\n: ping\n\n"
        let payload = Array(frames.utf8)
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nX-Marfa-Contract: \(ContractCheck.contract)\r\n"
            + "Transfer-Encoding: chunked\r\n\r\n"
        var answer = Array(head.utf8)
        for piece in [payload[..<9], payload[9...]] {
            answer += Array(String(piece.count, radix: 16).utf8) + Array("\r\n".utf8) + piece + Array("\r\n".utf8)
        }
        answer += Array("0\r\n\r\n".utf8)
        let server = try RawAnswerServer(answer: answer, splitEvery: 7)
        let client = InstanceClient(server: Server(url: URL(string: "http://127.0.0.1:\(server.port)")!, key: "k"))
        let stream = try EventStreamConnection(client: client, lastEventId: "3")
        var received: [StreamEvent] = []
        for try await event in stream.events { received.append(event) }
        XCTAssertEqual(received.count, 1)
        let request = server.request()
        XCTAssertTrue(request.hasPrefix("GET /events?edges=all HTTP/1.1\r\n"), request)
        XCTAssertTrue(request.contains("Last-Event-ID: 3\r\n"))
        XCTAssertTrue(request.contains("Authorization: Bearer k\r\n"))
    }

    /// WC-74: an answer without the contract header ends the stream with `contract_mismatch` before any event.
    func testAnAnswerWithoutTheContractEndsTheStreamWithAMismatch_WC74() async throws {
        let answer = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\nid: 1\ndata: {}\n\n".utf8)
        let server = try RawAnswerServer(answer: answer, splitEvery: 1_000)
        let client = InstanceClient(server: Server(url: URL(string: "http://127.0.0.1:\(server.port)")!, key: "k"))
        let stream = try EventStreamConnection(client: client, lastEventId: nil)
        do {
            for try await _ in stream.events { XCTFail("no event may arrive") }
            XCTFail("the stream must fail")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "contract_mismatch")
        }
    }
}

/// A loopback server that accepts one connection, reads its request, writes a fixed answer in small pieces and closes.
private final class RawAnswerServer: Sendable {
    let port: Int
    private let received = LockedValue("")
    private let done = DispatchSemaphore(value: 0)

    init(answer: [UInt8], splitEvery: Int) throws {
        let listener = try ListeningSocket.listen(host: "127.0.0.1", port: 0, backlog: 4)
        port = listener.port
        Thread { [self] in
            defer { listener.close(); self.done.signal() }
            var connection: ConnectedSocket?
            while connection == nil {
                connection = try? listener.acceptConnection()
                if connection == nil { usleep(1_000) }
            }
            guard let socket = connection else { return }
            defer { socket.close() }
            var request: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
                let outcome = try? buffer.withUnsafeMutableBytes { try socket.receive(into: $0) }
                switch outcome {
                case .received(let count)?: request += buffer[..<count]
                case .wouldBlock?: usleep(1_000)
                default: return
                }
            }
            self.received.withLock { $0 = String(decoding: request, as: UTF8.self) }
            var offset = 0
            while offset < answer.count {
                let end = min(offset + splitEvery, answer.count)
                try? socket.sendAll(Array(answer[offset..<end]), deadline: .now + .seconds(5))
                offset = end
                usleep(500)
            }
        }.start()
    }

    /// The request the client sent, once the answer has been written.
    func request() -> String {
        done.wait()
        return received.withLock { $0 }
    }
}
