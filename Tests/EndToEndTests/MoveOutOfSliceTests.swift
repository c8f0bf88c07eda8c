import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// An answered retype or tier move out of the slice drops the row unless it is pinned; edges of types held whole
/// stay (V-21; issue 28 point 9).
final class MoveOutOfSliceTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    private var id = ""

    override func setUp() async throws {
        (harness, id) = try await InstanceHarness.hydratedByDevice(front: front, title: "moving")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func drainedEdit(_ extra: [String]) throws {
        let queued = try harness.device(["items", "update", id, "--version", "1", "--properties", "{}"] + extra)
        XCTAssertEqual(queued.status, 0, queued.stderr)
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 0, drained.stderr)
        XCTAssertEqual(drained.answer?.object?["verdicts"]?.array?.first?.object?["verdict"], "accepted")
    }

    func testAnAnsweredRetypeOutOfTheSliceDropsTheRow_V21_Issue28_9() throws {
        try drainedEdit(["--type", "core.task"])
        let read = try harness.device(["items", "get", id], server: false)
        XCTAssertNotEqual(read.status, 0, "the copy still holds a row its slice no longer takes: \(read.answer ?? .null)")
        XCTAssertEqual(try harness.device(["items", "list"], server: false).answer, [])
    }

    func testEdgesOfATypeHeldWholeStayWhenTheRowGoes_V21_Issue28_9() async throws {
        let edge = try await harness.createEdge(from: id, properties: [:])
        let whole = try harness.device(
            ["hydrate", "--types", "core.note", "--tier", "all", "--edge-type", "references"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        try drainedEdit(["--type", "core.task"])
        XCTAssertNotEqual(try harness.device(["items", "get", id], server: false).status, 0, "the row went")
        let edges = try harness.device(["edges", "list", id], server: false).answer
        XCTAssertEqual(edges?.array?.compactMap { $0.object?["id"]?.string }, [edge], "the held-whole edge stays")
    }

    func testAPinnedRowStaysAtItsNewType_V21_Issue28_9() throws {
        XCTAssertEqual(try harness.device(["pin", id]).status, 0)
        try drainedEdit(["--type", "core.task"])
        let read = try harness.device(["items", "get", id], server: false)
        XCTAssertEqual(read.answer?.object?["type"], "core.task", read.stderr)
    }

    func testAnAnsweredTierMoveOutOfTheSliceDropsTheRow_V21_Issue28_9() throws {
        let sliced = try harness.device(["hydrate", "--types", "core.note", "--tier", "library"])
        XCTAssertEqual(sliced.status, 0, sliced.stderr)
        let tier = try harness.device(["items", "get", id], server: false).answer?.object?["tier"]?.string
        XCTAssertEqual(tier, "library")
        try drainedEdit(["--tier", "feed"])
        XCTAssertEqual(try harness.device(["items", "list"], server: false).answer, [])
    }
}
