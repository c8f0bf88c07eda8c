import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// Ctrl-C (device-cli exit codes; issue 28 point 17, Decision 0090): a first SIGINT lets the request in flight be
/// answered, sends nothing further and ends `canceled` with exit 3, keeping the cursor and the queue; a stream being
/// waited on ends at once; a second SIGINT ends the process with 130. The processes print for a person, whose
/// "stopping:" line says the signal was taken.
final class StopTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    private var gates: [Gate] = []

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
    }

    override func tearDown() async throws {
        for gate in gates { gate.open() }
        await harness?.shutdown()
    }

    private func running(_ words: [String]) throws -> RunningMarfa {
        try RunningMarfa(
            ["device", "--db", harness.store.path] + words
                + ["--url", harness.url.absoluteString, "--key", harness.key])
    }

    private func taken(_ process: RunningMarfa) -> Bool {
        process.errorLines.contains { $0.hasPrefix("stopping:") }
    }

    private func expectCanceled(_ process: RunningMarfa, file: StaticString = #filePath, line: UInt = #line) async {
        expectEqual(await process.interruptAfterExit(), 3, "\(process.errorLines)", file: file, line: line)
        XCTAssertEqual(process.errorLines.last?.hasPrefix("error: canceled:"), true, "\(process.errorLines)",
                       file: file, line: line)
    }

    func testAStoppedDrainSendsNothingAfterTheWriteInFlight_Q15_Issue28_17() async throws {
        for title in ["first", "second"] {
            let created = try harness.device(
                ["items", "create", "--type", "core.note", "--properties", #"{"title":"\#(title)","body":"b"}"#])
            XCTAssertEqual(created.status, 0, created.stderr)
        }
        let first = front.hold("POST /items")
        gates.append(first)
        front.clear()
        let draining = try running(["drain"])
        try await eventually(20, "the first create to reach the instance") { front.lines.contains("POST /items") }
        draining.signal()
        try await eventually(20, "the stop to be taken") { taken(draining) }
        first.open()
        await expectCanceled(draining)
        XCTAssertEqual(front.lines.filter { $0 == "POST /items" }.count, 1, "a write went after the stop")
        let queue = try harness.device(["queue"], server: false).answer?.array ?? []
        XCTAssertEqual(queue.map { $0.object?["verdict"] ?? .null }, ["accepted", .null])
        let again = try harness.device(["drain"])
        XCTAssertEqual(again.status, 0, "witness: the next drain sends what the stopped one left \(again.stderr)")
    }

    func testAStoppedCatchUpEndsWhileWaitingOnAStreamAndKeepsItsCursor_WC19_Issue28_17() async throws {
        let cursor = try harness.device(["status"], server: false).answer?.object?["event_cursor"]
        front.script { request, _ in
            guard request.path == "/events" else { return nil }
            var headers = HTTPHeaders()
            headers.add("X-Marfa-Contract", "3")
            return .eventStream(headers: headers) { writer in
                try? writer.sendComment(" connected")
                let head = #"{"event_type":"stream_cursor","cursor":"\#(cursor?.string ?? "0")"}"#
                try? writer.send(SSEEvent(event: "stream_cursor", data: head))
                _ = await writer.waitForEnd()
            }
        }
        front.clear()
        let catching = try running(["catch-up"])
        try await eventually(20, "the catch-up to open its stream") { front.lines.contains("GET /events") }
        catching.signal()
        await expectCanceled(catching)
        let status = try harness.device(["status"], server: false).answer?.object
        XCTAssertEqual(status?["event_cursor"], cursor)
        XCTAssertEqual(status?["hydration"], "complete")
    }

    func testASecondCtrlCEndsAHydrationWhoseRequestIsNeverAnswered_Issue28_17() async throws {
        gates.append(front.hold("GET /items"))
        front.clear()
        let hydrating = try running(["hydrate", "--types", "core.note", "--tier", "all"])
        try await eventually(20, "the page request to reach the instance") { front.lines.contains("GET /items") }
        hydrating.signal()
        try await eventually(20, "the first stop to be taken") { taken(hydrating) }
        hydrating.signal()
        expectEqual(await hydrating.interruptAfterExit(), 130)
    }
}
