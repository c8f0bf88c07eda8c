import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// A follow's reconnects (issue 28 point 19, WC-79, WC-81, Decision 0103): a stream that ends at once is asked for
/// again after a wait that doubles from 1 s, a 503 is retried and reported, a 405 ends the follow as a refusal, a
/// follow whose reader has gone exits 0, and a stream open nobody answers does not hold the follow past `--for`.
final class FollowReconnectTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    private var gates: [Gate] = []
    /// The `GET /events` requests the hydration made, which the front's per-line count includes.
    private var hydrationStreams = 0

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        hydrationStreams = front.streamsAsked
        front.clear()
    }

    /// Scripts the follow's `GET /events` answers: the `n`th stream it asks for (from 0) gets `answer(n)`.
    private func scriptStreams(_ answer: @escaping @Sendable (Int) -> HTTPResponse) {
        let before = hydrationStreams
        front.script { request, count in request.path == "/events" ? answer(count - before) : nil }
    }

    override func tearDown() async throws {
        for gate in gates { gate.open() }
        await harness?.shutdown()
    }

    func testStreamsThatEndAtOnceAreAskedForAgainWithBackoff_WC79_Issue28_19() throws {
        scriptStreams { _ in ScriptedEventStreams.endingAtOnce }
        let follow = try FollowOutcome(harness, seconds: 4)
        XCTAssertEqual(follow.status, 0, follow.stderr)
        let opens = front.streamsAsked
        XCTAssertGreaterThan(opens, 1, "the follow never asked for a stream again")
        XCTAssertLessThanOrEqual(opens, 4, "the follow asked again the moment each stream ended")
        let report = try XCTUnwrap(follow.report)
        XCTAssertEqual(report["reconnects"]?.integer, Int64(opens - 1), "\(report)")
        XCTAssertEqual(report["failed_opens"]?.integer, 0, "a stream that opened and ended is no failed open")
        XCTAssertEqual(report["last_failure"], .null, "a stream that ended is no failure")
    }

    func testA503IsRetriedAndReported_WC79_Issue28_19() throws {
        scriptStreams {
            $0 == 0 ? ScriptedFront.refusal(503, "unavailable", "busy") : ScriptedEventStreams.endingAtOnce
        }
        let follow = try FollowOutcome(harness, seconds: 3)
        XCTAssertEqual(follow.status, 0, follow.stderr)
        XCTAssertGreaterThan(front.streamsAsked, 1, "the 503 was not asked again")
        let report = try XCTUnwrap(follow.report)
        XCTAssertEqual(report["failed_opens"]?.integer, 1, "\(report)")
        XCTAssertTrue(report["last_failure"]?.string?.contains("503") == true, "\(report)")
    }

    func testA405EndsTheFollowAsARefusal_WC79_Issue28_19() throws {
        scriptStreams {
            $0 == 0
                ? ScriptedFront.refusal(503, "unavailable", "busy")
                : ScriptedFront.refusal(405, "method_not_allowed", "not here")
        }
        let follow = try FollowOutcome(harness, seconds: 20)
        XCTAssertEqual(follow.status, 1, "a follow went on asking for a stream the server will never serve")
        XCTAssertTrue(follow.stderr.contains("405"), follow.stderr)
        XCTAssertEqual(front.streamsAsked, 2, "the 503 is asked again, the 405 is not")
    }

    func testAFollowWhoseReaderHasGoneExitsZero_WC81_Issue28_19() async throws {
        let process = try FollowProcess(harness, seconds: 60, withReader: false)
        let arrived = try await harness.createItem(type: "core.note", title: "arrives with nobody reading")
        guard await eventually(30, "the follow to end once it cannot print", { !process.isRunning }) else {
            return process.terminate()
        }
        XCTAssertEqual(process.reason, .exit, "the follow died of a signal: \(process.stderr)")
        XCTAssertEqual(process.status, 0, process.stderr)
        let held = try harness.device(["items", "get", arrived], server: false)
        XCTAssertEqual(held.status, 0, "witness: the change it could not print was applied \(held.stderr)")
    }

    func testAStalledStreamOpenDoesNotHoldTheFollowPastItsTime_WC81_Issue28_19() async throws {
        let cursor = try harness.device(["status"], server: false).answer?.object?["event_cursor"]
        gates.append(front.hold("GET /events"))
        let process = try FollowProcess(harness, seconds: 1, withReader: true)
        // The held request is never answered while the follow runs: it ends on its own, with its report.
        guard await eventually(30, "the follow to end while its stream open is unanswered", {
            !process.isRunning
        }) else { return process.terminate() }
        XCTAssertEqual(front.streamsAsked, 1, "witness: the stream was asked for and held")
        XCTAssertEqual(process.status, 0, process.stderr)
        let report = try JSONValue(json: process.stdout.split(separator: "\n").last.map(String.init) ?? "")
        XCTAssertEqual(report.object?["cursor"], cursor, "\(report)")
    }
}

/// A `follow` process whose standard output goes to a file, or has no reader at all: the read end of its pipe is
/// closed at once (device-cli "Long-running commands": the harness may close their stdout).
private final class FollowProcess: Sendable {
    private let process: Process
    private let output: URL
    private let errors: URL

    init(_ harness: InstanceHarness, seconds: Int, withReader: Bool) throws {
        process = Process()
        process.executableURL = try marfaExecutable()
        process.arguments = harness.deviceArguments(["follow", "--for", "\(seconds)"], server: true)
        let folder = FileManager.default.temporaryDirectory
        output = folder.appendingPathComponent("follow-stdout-\(UUID().uuidString)")
        errors = folder.appendingPathComponent("follow-stderr-\(UUID().uuidString)")
        for file in [output, errors] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        process.standardError = try FileHandle(forWritingTo: errors)
        let unread = Pipe()
        process.standardOutput = withReader ? try FileHandle(forWritingTo: output) : unread
        try process.run()
        if !withReader { try unread.fileHandleForReading.close() }
    }

    var isRunning: Bool { process.isRunning }
    /// Ends a process the test gave up waiting for (its status is never read while it runs).
    func terminate() {
        process.terminate()
        process.waitUntilExit()
    }

    var status: Int32 { process.terminationStatus }
    var reason: Process.TerminationReason { process.terminationReason }
    var stdout: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
}
