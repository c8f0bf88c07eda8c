import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// An aged-out cursor (issue 28 point 20, WC-30, WC-79, Decision 0103): a `follow` ends after one stream open,
/// refused `catch_up_too_old`, and forgets the cursor; `catch-up` refuses `catch_up_too_old`, not `copy_expired`.
final class AgedOutCursorTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Writes three notes after the hydration and trims the log past the copy's cursor.
    private func ageOutTheCursor() async throws {
        let cursor = try XCTUnwrap(
            harness.device(["status"], server: false).answer?.object?["event_cursor"]?.string.flatMap { Int64($0) })
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "late \(number)") }
        let (status, answer) = try await harness.request(
            "POST", "/__reference/log/trim", body: ["through": .integer(cursor + 2)])
        XCTAssertEqual(status, 200, "\(answer)")
        front.clear()
    }

    private func expectCursorForgotten(file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try XCTUnwrap(harness.device(["status"], server: false).answer?.object)
        XCTAssertEqual(status["event_cursor"], .null, "the aged-out cursor is still held", file: file, line: line)
        XCTAssertEqual(status["hydration"], "expired", file: file, line: line)
    }

    func testAFollowOnAnAgedOutCursorEndsRefusedAfterOneOpen_WC30_WC79_Issue28_20() async throws {
        try await ageOutTheCursor()
        let follow = try FollowOutcome(harness, seconds: 60)
        XCTAssertEqual(follow.status, 1, "a follow told its cursor aged out went on as if current")
        XCTAssertEqual(follow.code, "catch_up_too_old", follow.stderr)
        XCTAssertEqual(front.streamsAsked, 1, "the follow asked again from a cursor the log cannot serve")
        try expectCursorForgotten()
    }

    func testAFollowWhoseCursorAgesOutAfterItReachedTheHeadEndsRatherThanRefilling_WC79_Issue28_20() async throws {
        let cursor = try XCTUnwrap(harness.device(["status"], server: false).answer?.object?["event_cursor"]?.string)
        let hydrationStreams = front.streamsAsked
        front.script { request, count in
            guard request.path == "/events" else { return nil }
            return count == hydrationStreams
                ? ScriptedEventStreams.sending([ScriptedEventStreams.live(cursor)])
                : ScriptedEventStreams.sending([ScriptedEventStreams.catchUpTooOld(oldest: "500", requested: cursor)])
        }
        front.clear()
        let follow = try FollowOutcome(harness, seconds: 30)
        XCTAssertEqual(follow.status, 1, "the follow refilled or went on: \(follow.lines)")
        XCTAssertEqual(follow.code, "catch_up_too_old", follow.stderr)
        XCTAssertEqual(front.streamsAsked, 2, "one stream reached the head, the next was told the cursor aged out")
        XCTAssertFalse(front.lines.contains("GET /items"), "the follow refilled the copy itself: \(front.lines)")
        try expectCursorForgotten()
    }

    func testACatchUpOnAnAgedOutCursorIsRefusedCatchUpTooOld_WC30_Issue28_20() async throws {
        try await ageOutTheCursor()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 1, caught.stderr)
        XCTAssertEqual(caught.code, "catch_up_too_old", caught.stderr)
        XCTAssertEqual(front.streamsAsked, 1)
        try expectCursorForgotten()
        let again = try harness.device(["catch-up"])
        XCTAssertEqual(again.code, "catch_up_too_old", "an expired copy's catch-up names the aged-out cursor too")
    }
}
