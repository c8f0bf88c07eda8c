import Foundation
import Marfa
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

/// Issue 28 point 12 (Q-18, Q-19, Q-22): every write a drain tried and could not deliver has a line in the report's
/// `verdicts`, with no verdict and no refusal counted, and `undelivered` counts it; a read-back's `Retry-After`
/// reaches `retry_after_seconds`. Each case runs `marfa --json device … drain` against the reference instance
/// behind a scripted front.
final class UndeliveredWriteReportTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A refusal carrying the contract header and a `Retry-After` of `seconds`.
    private static func limited(_ status: Int, _ code: String, retryAfter seconds: Int) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("X-Marfa-Contract", "3")
        headers.add("Retry-After", String(seconds))
        return .json(
            HTTPStatus(code: status), headers: headers, text: #"{"error":{"code":"\#(code)","message":"wait"}}"#)
    }

    /// The report's one line for `id`: asserts it is there, unanswered and uncounted, and that `undelivered` is 1.
    private func assertUndeliveredLine(_ report: JSONObject?, id: String, file: StaticString = #filePath,
                                       line: UInt = #line) {
        let verdicts = report?["verdicts"]?.array ?? []
        XCTAssertEqual(verdicts.count, 1, "the tried write has its line: \(String(describing: report))",
                       file: file, line: line)
        let entry = verdicts.first?.object
        XCTAssertEqual(entry?["id"]?.string, id, file: file, line: line)
        XCTAssertEqual(entry?["verdict"], .null, "a write nobody answered has no verdict", file: file, line: line)
        XCTAssertEqual(entry?["refusals"], 0, "an environmental failure is never counted", file: file, line: line)
        XCTAssertEqual(report?["undelivered"], 1, file: file, line: line)
        XCTAssertEqual(report?["answered"], 0, file: file, line: line)
    }

    func testADroppedConnectionGivesTheTriedWriteAnUnansweredLine_Q22_Issue28_12() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let id = try harness.queuedNote().id
        front.script { request, _ in request.method == "POST" && request.path == "/items" ? .dropped : nil }
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 3, drained.stderr)
        assertUndeliveredLine(drained.answer?.object, id: id)
    }

    func testA5xxAndA429GiveTheTriedWriteAnUnansweredLineAndPassOnTheWait_Q21_Q22_Issue28_12() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let id = try harness.queuedNote().id
        let before = front.lines.filter { $0 == "POST /items" }.count
        front.script { request, count in
            guard request.method == "POST", request.path == "/items" else { return nil }
            return count == before
                ? ScriptedFront.refusal(503, "unavailable") : Self.limited(429, "rate_limited", retryAfter: 9)
        }
        let failed = try harness.device(["drain"])
        assertUndeliveredLine(failed.answer?.object, id: id)
        XCTAssertTrue(failed.answer?.object?["unavailable"]?.string?.contains("503") == true, failed.stderr)

        let limited = try harness.device(["drain"])
        assertUndeliveredLine(limited.answer?.object, id: id)
        XCTAssertEqual(limited.answer?.object?["retry_after_seconds"], 9)
        XCTAssertEqual(try harness.device(["queue"], server: false).answer?.array?.first?.object?["refusals"], 0)
    }

    func testAnUnreachableInstanceGivesTheFirstWriteAnUnansweredLine_Q16_Q22_Issue28_12() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let id = try harness.queuedNote().id
        _ = try harness.queuedNote().id
        await harness.instance.stop()
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 3, drained.stderr)
        let report = drained.answer?.object
        XCTAssertEqual(report?["verdicts"]?.array?.count, 1, "only the write the failure met is tried: \(drained)")
        XCTAssertEqual(report?["verdicts"]?.array?.first?.object?["id"]?.string, id)
        XCTAssertEqual(report?["verdicts"]?.array?.first?.object?["verdict"], .null)
        XCTAssertEqual(report?["verdicts"]?.array?.first?.object?["refusals"], 0)
        XCTAssertEqual(report?["undelivered"], 2, "the write behind it waits too")
    }

    func testARateLimitedReadBackPassesOnItsRetryAfter_Q21_Q42_Issue28_12() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let edited = try harness.device(["items", "update", held, "--version", "1", "--properties", #"{"title":"x"}"#])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        front.script { request, _ in
            switch (request.method, request.path) {
            case ("PATCH", "/items/\(held)"): return ScriptedFront.refusal(400, "invalid_properties", "not a title")
            case ("GET", "/items/\(held)"): return Self.limited(429, "rate_limited", retryAfter: 7)
            default: return nil
            }
        }
        let drained = try harness.device(["drain"])
        let report = try XCTUnwrap(drained.answer?.object, drained.stderr)
        XCTAssertEqual(report["verdicts"]?.array?.first?.object?["verdict"], "refused")
        XCTAssertNotNil(report["unavailable"]?.string, "the pass ended at the read: \(report)")
        XCTAssertEqual(report["retry_after_seconds"], 7, "the wait the read was asked for is passed on")
    }

    func testTheSwiftReportHasTheUndeliveredLineAndNoAnswerIsTold_Q17_Q22_Issue28_12() async throws {
        harness = try await InstanceHarness(front: front)
        let (copy, _) = try await harness.hydratedCopy(title: "held")
        let sent = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "b"]))
        let dropped = try await copy.items.create(Draft(type: "core.note", properties: ["title": "b", "body": "b"]))
        front.script { request, _ in
            request.method == "POST" && request.path == "/items"
                && String(decoding: request.body, as: UTF8.self).contains(dropped.itemId ?? "-") ? .dropped : nil
        }
        let heard = LockedValue<[Change]>([])
        let changes = copy.changes()
        let listening = Task { for await change in changes { heard.withLock { $0.append(change) } } }
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.id), [sent.id, dropped.id])
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted, nil])
        XCTAssertEqual(report.verdicts.last?.refusals, 0)
        XCTAssertEqual([report.answered, report.undelivered], [1, 1])
        // A later local write's change comes after anything the drain told, so once it is heard nothing is pending.
        let marker = try await copy.items.create(Draft(type: "core.note", properties: ["title": "m", "body": "b"]))
        await eventually(20, "the marker's change") { heard.withLock { $0.contains { $0.itemId == marker.itemId } } }
        listening.cancel()
        let answered = heard.withLock { changes in
            changes.compactMap { if case .answered(let verdict) = $0.origin { verdict.id } else { nil } }
        }
        XCTAssertEqual(answered, [sent.id], "only the answered write is told as answered")
        await copy.close()
    }
}
