import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// The device's read gate (WC-4, WC-6, WC-13; issue 28 point 1): `items list`, `items get` and `search` are refused
/// `hydration_incomplete` until a hydration completes, and a hydration after an interrupted one starts over.
final class DeviceReadGateTests: XCTestCase {
    private var harness: InstanceHarness!

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func expectReadsRefused(store: URL? = nil, server: Bool, _ what: String) throws {
        for read in [["items", "list"], ["items", "get", ItemID.make()], ["search", "shared"]] {
            let outcome = try harness.device(read, server: server, store: store)
            XCTAssertEqual(outcome.status, 1, "\(what): \(read) \(outcome.stderr)")
            XCTAssertEqual(
                outcome.code, "hydration_incomplete", "\(what): \(read) answered \(String(describing: outcome.answer))")
        }
    }

    func testReadsOfAFreshStoreAreRefusedWithOrWithoutAnOrigin_WC4_WC5_Issue28_1() async throws {
        harness = try await InstanceHarness()
        _ = try await harness.createItem(type: "core.note", title: "shared")
        let bound = harness.folder.appendingPathComponent("bound")
        let local = harness.folder.appendingPathComponent("local")
        // A store a queued write made and no hydration filled (a path with no store at all is `no_store`, issue 26.5).
        let create = ["items", "create", "--type", "core.note", "--properties", #"{"title":"shared","body":"b"}"#]
        for (store, server) in [(bound, true), (local, false)] {
            let made = try harness.device(create, server: server, store: store)
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        try expectReadsRefused(store: bound, server: true, "fresh, bound")
        try expectReadsRefused(store: local, server: false, "fresh, no origin")
        let status = try harness.device(["status"], server: false, store: local)
        XCTAssertEqual(status.answer?.object?["hydration"], "never", "the state report stays available (WC-5)")
    }

    func testReadsAfterAnInterruptedHydrationAreRefusedAndTheNextWalksEveryPage_WC4_WC13_Issue28_1() async throws {
        let front = ScriptedFront()
        // The second item page (the bookmarks, after the notes landed) fails once: the hydration is interrupted.
        front.script { request, count in
            request.method == "GET" && request.path == "/items" && count == 1
                ? ScriptedFront.refusal(503, "unavailable") : nil
        }
        harness = try await InstanceHarness(front: front)
        let note = try await harness.createItem(type: "core.note", title: "shared")
        _ = try await harness.createItem(type: "core.bookmark", title: "shared mark")
        let hydrate = ["hydrate", "--types", "core.note,core.bookmark", "--tier", "all"]
        let interrupted = try harness.device(hydrate)
        XCTAssertNotEqual(interrupted.status, 0, "the scripted 503 interrupts the first hydration: \(front.lines)")
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["hydration"], "in_progress")
        try expectReadsRefused(server: false, "after an interrupted hydration")
        let named = try harness.device(["items", "get", note], server: false)
        XCTAssertEqual(named.code, "hydration_incomplete", "a row that did land is not answered either")

        front.clear()
        let again = try harness.device(hydrate)
        XCTAssertEqual(again.status, 0, "\(again.stderr) \(front.lines)")
        XCTAssertEqual(again.answer?.object?["items"], 2)
        XCTAssertEqual(again.answer?.object?["pages"], 2, "the second hydration walked every page, not the rest")
        XCTAssertEqual(front.lines.filter { $0 == "GET /items" }.count, 2, "both pages again: \(front.lines)")
        XCTAssertEqual(try harness.device(["items", "list"], server: false).answer?.array?.count, 2)
    }
}
