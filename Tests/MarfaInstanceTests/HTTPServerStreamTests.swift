import Foundation
import MarfaInstance
import MarfaTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

final class HTTPServerStreamTests: XCTestCase {
    private let streamRequest = "GET /events HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n"

    func testFramesArriveLiveWhileTheStreamStaysOpen() async throws {
        let second = Gate()
        let server = try startTestServer { _ in
            .eventStream { writer in
                try? writer.sendComment(" connected")
                try? writer.send(SSEEvent(event: "item.created", id: "1", data: "{\"n\":1}"))
                await second.wait()
                try? writer.send(SSEEvent(event: "item.updated", id: "2", data: "line one\nline two"))
            }
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send(streamRequest)
        let first = try await onThread { try client.read(untilContains: "data: {\"n\":1}\n\n") }
        XCTAssertTrue(first.hasPrefix("HTTP/1.1 200 OK\r\n"))
        XCTAssertTrue(first.contains("Content-Type: text/event-stream\r\n"))
        XCTAssertTrue(first.contains("Cache-Control: no-cache\r\n"))
        XCTAssertTrue(first.contains("Transfer-Encoding: chunked\r\n"))
        XCTAssertTrue(first.contains(": connected\n\n"))
        XCTAssertTrue(first.contains("id: 1\nevent: item.created\n"))
        XCTAssertFalse(first.contains("item.updated"), "the second frame waits for the gate")
        second.open()
        let all = try await onThread { try client.read(untilContains: "0\r\n\r\n") }
        XCTAssertTrue(all.contains("id: 2\nevent: item.updated\ndata: line one\ndata: line two\n\n"))
        try client.send("GET /after HTTP/1.1\r\nHost: t\r\n\r\n")
        XCTAssertEqual(try client.readResponse().headers["Content-Type"], "text/event-stream", "keep-alive resumes")
        await server.stop()
    }

    func testSilentStreamsGetAPingCommentEachHeartbeatInterval_Issue26_6() async throws {
        let clock = ManualServerClock()
        let interval = Duration.seconds(15)
        let server = try startTestServer({
            $0.heartbeatInterval = interval
            $0.clock = clock
        }) { _ in
            .eventStream { writer in _ = await writer.waitForEnd() }
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send(streamRequest)
        _ = try await onThread { try client.read(untilContains: "\r\n\r\n") }
        for expected in 1...3 {
            clock.advance(by: interval)
            let text = try await onThread {
                try client.read(until: Date(timeIntervalSinceNow: 10), what: "ping \(expected)") {
                    String(decoding: $0, as: UTF8.self).components(separatedBy: ":ping\n\n").count > expected
                }
            }
            let pings = String(decoding: text, as: UTF8.self).components(separatedBy: ":ping\n\n").count - 1
            XCTAssertEqual(pings, expected, "one ping per silent interval on the server's clock")
            XCTAssertTrue(String(decoding: text, as: UTF8.self).contains("\r\n:ping\n\n\r\n"), "each ping is a chunk")
        }
        await server.stop()
    }

    func testTheProducerLearnsWhenTheClientDisconnects() async throws {
        let end = Locked<SSEStreamEnd?>(nil)
        let cancelled = Locked(false)
        let sendError = Locked<SSEWriterError?>(nil)
        let server = try startTestServer { _ in
            .eventStream { writer in
                try? writer.send(SSEEvent(data: "hello"))
                let reason = await writer.waitForEnd()
                end.update { $0 = reason }
                do throws(SSEWriterError) {
                    try writer.send(SSEEvent(data: "too late"))
                } catch {
                    sendError.update { $0 = error }
                }
                try? await Task.sleep(for: .seconds(60))
                cancelled.update { $0 = Task.isCancelled }
            }
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send(streamRequest)
        _ = try await onThread { try client.read(untilContains: "data: hello") }
        XCTAssertNil(end.current, "the stream is open while the client is")
        client.close()
        let learned = await eventually { sendError.current != nil }
        XCTAssertTrue(learned)
        XCTAssertEqual(end.current, .connectionClosed)
        let taskCancelled = await eventually { cancelled.current }
        XCTAssertTrue(taskCancelled, "the producer's task is cancelled too")
        XCTAssertEqual(sendError.current, .closed)
        let closed = await eventually { server.activeConnectionCount == 0 }
        XCTAssertTrue(closed)
        await server.stop()
    }

    func testStopLetsTheProducerSendAFinalFrameThatReachesTheClient() async throws {
        let server = try startTestServer({ $0.shutdownGracePeriod = .seconds(3600) }) { _ in
            .eventStream { writer in
                try? writer.send(SSEEvent(id: "7", data: "live"))
                guard await writer.waitForEnd() == .serverStopping, writer.isServerStopping else { return }
                try? writer.send(SSEEvent(event: "stream_incomplete", data: #"{"reason":"server_stopping"}"#))
            }
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send(streamRequest)
        _ = try await onThread { try client.read(untilContains: "data: live") }
        let stopped = Locked(false)
        Task {
            await server.stop()
            stopped.update { $0 = true }
        }
        let tail = try await onThread { try client.read(untilContains: "0\r\n\r\n") }
        XCTAssertTrue(tail.contains("event: stream_incomplete\ndata: {\"reason\":\"server_stopping\"}\n\n"))
        XCTAssertTrue(client.waitForClose(), "the connection closes after the final frame")
        let stoppedBeforeTheHourOfGrace = await eventually(30, "stop to return") { stopped.current }
        XCTAssertTrue(stoppedBeforeTheHourOfGrace, "stop did not need the grace period to run out")
        XCTAssertThrowsError(try RawHTTPClient(port: server.port), "nothing listens after stop")
    }

    func testStopClosesStreamsWhoseProducerIgnoresIt() async throws {
        let cancelled = Locked(false)
        let server = try startTestServer({ $0.shutdownGracePeriod = .milliseconds(300) }) { _ in
            .eventStream { writer in
                try? writer.send(SSEEvent(data: "stubborn"))
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(20))
                }
                cancelled.update { $0 = true }
            }
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send(streamRequest)
        _ = try await onThread { try client.read(untilContains: "data: stubborn") }
        await server.stop()
        XCTAssertEqual(server.activeConnectionCount, 0)
        XCTAssertTrue(client.waitForClose())
        let learned = await eventually { cancelled.current }
        XCTAssertTrue(learned, "the producer task was cancelled")
    }

    func testURLSessionDelegateReceivesFramesAsTheyAreSent() async throws {
        let second = Gate()
        let server = try startTestServer { _ in
            .eventStream { writer in
                try? writer.send(SSEEvent(event: "first", data: "1"))
                await second.wait()
                try? writer.send(SSEEvent(event: "second", data: "2"))
            }
        }
        let collector = StreamCollector()
        let session = URLSession(configuration: .ephemeral, delegate: collector, delegateQueue: nil)
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)/events"))
        let task = session.dataTask(with: url)
        task.resume()
        let sawFirst = await eventually { collector.text.contains("event: first\ndata: 1\n\n") }
        XCTAssertTrue(sawFirst, "received so far: \(collector.text)")
        XCTAssertFalse(collector.text.contains("second"))
        second.open()
        let sawSecond = await eventually { collector.text.contains("event: second\ndata: 2\n\n") }
        XCTAssertTrue(sawSecond)
        let finished = await eventually { collector.finished }
        XCTAssertTrue(finished, "the stream ends when the producer returns")
        session.invalidateAndCancel()
        await server.stop()
    }

    func testInFlightRequestFinishesDuringStopAndNewConnectionsAreRefused() async throws {
        let entered = Locked(false)
        let release = Gate()
        let server = try startTestServer { _ in
            entered.update { $0 = true }
            await release.wait()
            return .text("finished")
        }
        let client = try RawHTTPClient(port: server.port)
        try client.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        let inHandler = await eventually { entered.current }
        XCTAssertTrue(inHandler)
        async let stopped: Void = server.stop()
        let stopping = await eventually { server.isStopping }
        XCTAssertTrue(stopping)
        let refused = await eventually { (try? RawHTTPClient(port: server.port)) == nil }
        XCTAssertTrue(refused, "the listener closes at once")
        release.open()
        let response = try await onThread { try client.readResponse() }
        XCTAssertEqual(response.bodyText, "finished")
        XCTAssertEqual(response.headers["Connection"], "close")
        await stopped
        XCTAssertEqual(server.activeConnectionCount, 0)
    }

    func testStopSignalStopsTheServer() async throws {
        let server = try startTestServer { _ in .text("ok") }
        let stopped = Locked(false)
        let signals = HTTPServerStopSignals(server: server, signals: [SIGUSR1]) { stopped.update { $0 = true } }
        XCTAssertFalse(server.isStopping)
        // The source registers asynchronously and a signal sent before that is ignored, so repeat it until seen.
        let didStop = await eventually {
            if stopped.current { return true }
            kill(getpid(), SIGUSR1)
            return false
        }
        XCTAssertTrue(didStop)
        XCTAssertTrue(server.isStopping)
        signals.cancel()
        await server.waitUntilStopped()
    }
}

/// Collects what a URLSession data task delivers, chunk by chunk.
private final class StreamCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let received = Locked<[UInt8]>([])
    private let done = Locked(false)

    var text: String { String(decoding: received.current, as: UTF8.self) }
    var finished: Bool { done.current }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received.update { $0.append(contentsOf: data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        done.update { $0 = true }
    }
}
