import Foundation
import Glibc
import Marfa
import MarfaSockets
import XCTest

/// Answers cut by the network inside their head: the copy's process must see a transport failure, never trap
/// (found by the chaos drill, issue 27 point 3; Decision 0096).
final class CutAnswerTests: XCTestCase {
    func testAnAnswerCutInsideItsHeadEndsTheDrainAndLeavesTheWriteQueued_Issue27_3_Q22() async throws {
        let server = try CuttingServer()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-cut-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try await WorkingCopy.open(
            store: folder, server: Server(url: server.url, key: "marfa_k1_cut-answer-test"))
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "text"]))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.undelivered, 1, "Q-22: a cut answer is environmental")
        XCTAssertEqual(report.answered, 0)
        XCTAssertNotNil(report.unavailable)
        let queued = try await copy.queue.all()
        XCTAssertEqual(queued.map(\.verdict), [nil], "the write waits for the next drain")
        XCTAssertGreaterThan(server.answered, 0, "the request reached the server and its answer was cut")
        await copy.close()
    }
}

/// A loopback server that reads each request whole, answers a status line and part of the headers, then closes.
private final class CuttingServer: @unchecked Sendable {
    /// Where the answer is cut: past its status line, inside its headers (before this fix the copy's process
    /// trapped in FoundationNetworking here, "Transfer completed, but there's no response").
    static let cutAnswer = "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Len"

    private let listener: ListeningSocket
    private let state = NSLock()
    private var stopped = false
    private var cut = 0

    /// Where it listens.
    var url: URL { URL(string: "http://127.0.0.1:\(listener.port)")! }

    /// How many answers it cut.
    var answered: Int { state.withLock { cut } }

    init() throws {
        listener = try ListeningSocket.listen(host: "127.0.0.1", port: 0, backlog: 8)
        Thread.detachNewThread { [self] in serve() }
    }

    func stop() {
        state.withLock { stopped = true }
    }

    private func serve() {
        defer { listener.close() }
        while !state.withLock({ stopped }) {
            var descriptors = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
            guard (try? pollDescriptors(&descriptors, until: .now + .milliseconds(50))) ?? 0 > 0,
                let connection = try? listener.acceptConnection()
            else { continue }
            readRequest(from: connection)
            try? connection.sendAll(Array(Self.cutAnswer.utf8), deadline: .now + .seconds(5))
            state.withLock { cut += 1 }
            connection.close()
        }
    }

    /// Reads the head and as many body bytes as it announces, so closing sends no reset.
    private func readRequest(from connection: ConnectedSocket) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = text[..<end.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length { return }
            }
            var descriptors = [pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)]
            guard (try? pollDescriptors(&descriptors, until: deadline)) ?? 0 > 0 else { return }
            let outcome = buffer.withUnsafeMutableBytes { try? connection.receive(into: $0) }
            guard case .received(let count)? = outcome else { return }
            received += buffer[..<count]
        }
    }
}
