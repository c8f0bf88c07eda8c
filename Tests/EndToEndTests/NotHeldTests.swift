import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// A row the copy does not hold reads `not_held`, not `not_found` (device-cli refusal codes; issue 28 point 11):
/// here a row the instance took after the hydration, before any catch-up brought it.
final class NotHeldTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testARowTheInstanceHoldsButTheCopyDoesNotReadsNotHeld_Issue28_11() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let later = try await harness.createItem(type: "core.note", title: "not yet caught up")
        let refused = try harness.device(["items", "get", later], server: false)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "not_held", refused.stderr)
        XCTAssertEqual(try harness.device(["items", "get", held], server: false).status, 0, "witness: a held row reads")
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertEqual(try harness.device(["items", "get", later], server: false).status, 0, "and once caught up")
    }
}

extension NotHeldTests {
    func testARowWhoseReadBackIsAnsweredInvalidIdIsNoLongerHeld_Q42_Issue28_11() async throws {
        let id: String
        (harness, id) = try await InstanceHarness.hydratedByDevice(front: front, title: "doomed")
        front.script { request, _ in
            request.path == "/items/\(id)" && ["PATCH", "GET"].contains(request.method)
                ? ScriptedFront.refusal(400, "invalid_id", "not an id this instance could hold") : nil
        }
        let queued = try harness.device(["items", "update", id, "--version", "1", "--properties", #"{"title":"x"}"#])
        XCTAssertEqual(queued.status, 0, queued.stderr)
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 0, drained.stderr)
        XCTAssertEqual(drained.answer?.object?["verdicts"]?.array?.first?.object?["verdict"], "refused")
        XCTAssertEqual(drained.answer?.object?["unavailable"], .null, "the read-back was answered, not unreachable")
        XCTAssertTrue(front.lines.contains("GET /items/\(id)"), "the refused write was read back: \(front.lines)")
        let read = try harness.device(["items", "get", id], server: false)
        XCTAssertEqual(read.code, "not_held", read.stderr)
    }
}

extension NotHeldTests {
    func testAConflictedSiblingBeforeItsEventArrivesReadsNotHeld_Q38_Issue28_11() async throws {
        let id: String
        (harness, id) = try await InstanceHarness.hydratedByDevice(front: front, title: "shared")
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "theirs", "body": "theirs"]])
        XCTAssertEqual(status, 200)
        let queued = try harness.device(
            ["items", "update", id, "--version", "1", "--properties", #"{"title":"mine","body":"mine"}"#])
        XCTAssertEqual(queued.status, 0, queued.stderr)
        let drained = try harness.device(["drain"])
        let verdict = drained.answer?.object?["verdicts"]?.array?.first?.object
        let sibling = try XCTUnwrap(verdict?["conflicted_copy_id"]?.string, "\(String(describing: drained.answer))")
        let read = try harness.device(["items", "get", sibling], server: false)
        XCTAssertEqual(read.code, "not_held", read.stderr)
    }
}
