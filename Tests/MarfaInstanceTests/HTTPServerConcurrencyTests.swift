import Foundation
import MarfaInstance
import MarfaTestSupport
import XCTest

final class HTTPServerConcurrencyTests: XCTestCase {
    func testTwoHundredConnectionsAreHeldOpenAndAllServedAtOnce() async throws {
        let clientCount = 200
        let inFlight = Locked(0)
        let peak = Locked(0)
        let release = Gate()
        let server = try startTestServer { request in
            let now = inFlight.update { count -> Int in
                count += 1
                return count
            }
            peak.update { $0 = max($0, now) }
            await release.wait()
            inFlight.update { $0 -= 1 }
            return .text(request.path)
        }
        let port = server.port
        let clients = try await onThread { try (0..<clientCount).map { _ in try RawHTTPClient(port: port) } }
        let allOpen = await eventually { server.activeConnectionCount == clientCount }
        XCTAssertTrue(allOpen, "open connections: \(server.activeConnectionCount)")
        for (index, client) in clients.enumerated() {
            try client.send("GET /client/\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        let allWaiting = await eventually(10) { inFlight.current == clientCount }
        XCTAssertTrue(allWaiting, "requests in flight at once: \(inFlight.current)")
        release.open()
        let bodies = try await onThread { try clients.map { try $0.readResponse(within: 10).bodyText } }
        XCTAssertEqual(bodies, (0..<clientCount).map { "/client/\($0)" })
        XCTAssertEqual(peak.current, clientCount)
        for (index, client) in clients.enumerated() where index % 50 == 0 {
            try client.send("GET /again HTTP/1.1\r\nHost: t\r\n\r\n")
            XCTAssertEqual(try client.readResponse().bodyText, "/again", "connection \(index) stays usable")
        }
        XCTAssertEqual(server.activeConnectionCount, clientCount)
        await server.stop()
        XCTAssertEqual(server.activeConnectionCount, 0)
    }

    func testAHundredEventStreamsFollowAtOnceWithoutAThreadEach_Issue26_6() async throws {
        let streamCount = 100
        let broadcast = Gate()
        let server = try startTestServer { request in
            .eventStream { writer in
                try? writer.sendComment(" connected")
                await broadcast.wait()
                try? writer.send(SSEEvent(event: "item.created", id: "1", data: request.path))
            }
        }
        let port = server.port
        let clients = try await onThread {
            try (0..<streamCount).map { index in
                let client = try RawHTTPClient(port: port)
                try client.send("GET /follower/\(index) HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n\r\n")
                _ = try client.read(untilContains: ": connected")
                return client
            }
        }
        XCTAssertEqual(server.activeConnectionCount, streamCount)
        broadcast.open()
        let frames = try await onThread {
            try clients.enumerated().map { index, client in
                try client.read(untilContains: "data: /follower/\(index)\n\n", within: 10)
            }
        }
        XCTAssertEqual(frames.count, streamCount, "every follower received its frame")
        await server.stop()
    }
}
