import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// A never-held row entering the slice by a tier move (WC-25, WC-26; issue 28 point 22): the catch-up reads it with
/// `GET /items/{id}` and holds it with its tags and every page of its own edges, continued with `edge_type`; if that
/// read fails the catch-up is refused and the cursor stays before the event.
final class EnteringRowTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    private var entering = ""

    /// A library slice, and a feed note with 51 `references` edges (two pages: a block holds 50) and a tag, moved to
    /// the library on the instance after the hydration.
    override func setUp() async throws {
        harness = try await InstanceHarness(front: front)
        entering = try await harness.createItem(type: "core.note", title: "entering", extra: ["tier": "feed"])
        for _ in 0..<51 { _ = try await harness.createEdge(from: entering, properties: [:]) }
        let (tagged, tags) = try await harness.request(
            "PATCH", "/items/\(entering)/metadata", body: ["tags": ["kept"]])
        XCTAssertEqual(tagged, 200, "\(tags)")
        let hydrated = try harness.device(["hydrate", "--types", "core.note", "--tier", "library"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
        XCTAssertNotEqual(try harness.device(["items", "get", entering], server: false).status, 0, "witness: not held")
        let (moved, answer) = try await harness.request(
            "PATCH", "/items/\(entering)", body: ["version": 1, "tier": "library"])
        XCTAssertEqual(moved, 200, "\(answer)")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func heldEdges() throws -> Int {
        try harness.device(["edges", "list", entering], server: false).answer?.array?.count ?? 0
    }

    func testARowEnteringIsReadWithItsTagsAndEveryPageOfItsEdgesByType_WC25_Issue28_22() throws {
        front.clear()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertTrue(front.lines.contains("GET /items/\(entering)"), "the row was not read: \(front.lines)")
        let paged = front.seen.filter { $0.path == "/items/\(entering)/edges" }
        XCTAssertFalse(paged.isEmpty, "the second page of edges was not read: \(front.lines)")
        for page in paged {
            XCTAssertEqual(page.query["edge_type"], "references", "the paged read names its edge type: \(page)")
            XCTAssertNotNil(page.query["cursor"], "the paged read continues the block: \(page)")
        }
        let held = try harness.device(["items", "get", entering], server: false)
        XCTAssertEqual(held.status, 0, held.stderr)
        XCTAssertEqual(held.answer?.object?["tags"], ["kept"])
        XCTAssertEqual(try heldEdges(), 51, "every page of the row's own edges")
    }

    func testAFailedReadOfAnEnteringRowRefusesTheCatchUpAndKeepsTheCursorBeforeIt_WC26_Issue28_22() throws {
        let path = "/items/\(entering)"
        front.script { request, count in
            guard request.method == "GET", request.path == path, count == 0 else { return nil }
            return ScriptedFront.refusal(503, "service_unavailable", "busy")
        }
        let before = try harness.device(["status"], server: false).answer?.object?["event_cursor"]
        let refused = try harness.device(["catch-up"])
        XCTAssertNotEqual(refused.status, 0, "a catch-up past a row it could not read: \(refused.answer ?? .null)")
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["event_cursor"], before)
        XCTAssertNotEqual(try harness.device(["items", "get", entering], server: false).status, 0, "not held yet")
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, "witness: the next catch-up takes the event: \(caught.stderr)")
        XCTAssertEqual(try harness.device(["items", "get", entering], server: false).status, 0)
        XCTAssertEqual(try heldEdges(), 51)
    }
}
