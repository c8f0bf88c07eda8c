import Foundation
import Marfa
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

/// Edge events naming an edge type the copy's catalog lacks (WC-80, Decision 0116): the stream is not applied past
/// such an event; it is reopened from the stored cursor and `/edge-types` read again, once per edge type in a chain
/// of reopens, and the event is then applied per the catalog as it stands (an edge's type decides nothing about
/// whether the slice holds it). The reference instance registers no edge types, so the front hides `references`
/// from `/edge-types` instead.
final class CatalogEdgeGapTests: XCTestCase {
    private var harness: InstanceHarness!
    private var seed = ""
    private let front = ScriptedFront()
    /// How the front answers `GET /edge-types`: `references` hidden on every read, on the next read only, or shown.
    private let hiding = LockedValue(Hiding.shown)

    private enum Hiding { case always, once, shown }

    override func setUp() async throws {
        (harness, seed) = try await InstanceHarness.hydratedByDevice(front: front, title: "seed")
        let (status, listed) = try await harness.request("GET", "/edge-types")
        XCTAssertEqual(status, 200)
        var trimmed = try XCTUnwrap(listed.object)
        let rows = trimmed["data"]?.array ?? []
        trimmed["data"] = .array(rows.filter { $0.object?["id"]?.string != "references" })
        XCTAssertEqual(rows.count - 1, trimmed["data"]?.array?.count, "the instance lists references: \(listed)")
        let text = try JSONValue.object(trimmed).json()
        front.script { [hiding] request, _ in
            guard request.method == "GET", request.path == "/edge-types" else { return nil }
            let hide = hiding.withLock { mode -> Bool in
                defer { if mode == .once { mode = .shown } }
                return mode != .shown
            }
            guard hide else { return nil }
            var headers = HTTPHeaders()
            headers.add("X-Marfa-Contract", "3")
            return .json(headers: headers, text: text)
        }
        // The copy comes to hold a catalog without `references`: a catch-up stores the catalog it reads.
        hiding.withLock { $0 = .always }
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        let lacking = try harness.device(["edge-types", "get", "references"], server: false)
        XCTAssertNotEqual(lacking.status, 0, "the copy's catalog still holds references: \(lacking.answer ?? .null)")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func count(_ line: String) -> Int {
        front.lines.filter { $0 == line }.count
    }

    /// The edge ids the copy holds from `item`, read offline.
    private func heldEdges(from item: String) throws -> Set<String> {
        let listed = try harness.device(["edges", "list", item], server: false)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        return Set((listed.answer?.array ?? []).compactMap { $0.object?["id"]?.string })
    }

    func testAnEdgeOfAnEdgeTypeTheCatalogLacksReadsEdgeTypesAgainAndReopens_WC80() async throws {
        let edge = try await harness.createEdge(from: seed, properties: [:])
        hiding.withLock { $0 = .once }
        front.clear()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertEqual(count("GET /edge-types"), 2, "one read first and one for the edge type: \(front.lines)")
        XCTAssertEqual(count("GET /events"), 2, "the stream is opened again once: \(front.lines)")
        XCTAssertTrue(try heldEdges(from: seed).contains(edge), "the edge is applied after the re-read")
        let described = try harness.device(["edge-types", "get", "references"], server: false)
        XCTAssertEqual(described.status, 0, "the re-read catalog is held: \(described.stderr)")
    }

    func testAnEdgeTypeNeverDescribedIsReadForOnceAndItsEdgesAreStillHeld_WC80() async throws {
        var edges: Set<String> = []
        for _ in 0..<3 { edges.insert(try await harness.createEdge(from: seed, properties: [:])) }
        front.clear()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertEqual(count("GET /edge-types"), 2, "one read per edge type, not one per event: \(front.lines)")
        XCTAssertEqual(count("GET /events"), 2, "\(front.lines)")
        XCTAssertEqual(caught.answer?.object?["skipped"], 0, "\(caught.answer ?? .null)")
        XCTAssertEqual(try heldEdges(from: seed), edges, "the edges' source is held, so the slice takes them")
    }

    func testTheDeviceFollowReopensOnceForAnEdgeTypeTheCatalogLacks_WC80() async throws {
        let edge = try await harness.createEdge(from: seed, properties: [:])
        front.clear()
        let report = try harness.follow(for: 3).report
        XCTAssertEqual(report["reconnects"], 1, "the stream reopened once for the edge type: \(report)")
        XCTAssertEqual(count("GET /edge-types"), 2, "one read on opening and one for the edge type: \(front.lines)")
        XCTAssertTrue(try heldEdges(from: seed).contains(edge))
    }
}
