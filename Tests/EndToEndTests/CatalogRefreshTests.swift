import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// The catalog read again around the event stream (WC-27, WC-80; issue 28 point 21): each catch-up and each stream
/// a follow opens reads `/types` first; an event naming a type the catalog does not hold sends the copy to `/types`
/// once for that type and reopens the stream; a type registered later under a slice's type is held, and one never
/// described is skipped while the cursor moves past it.
final class CatalogRefreshTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "seed")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Registers `id` on the instance (P-21) under `parent`, with no fields of its own.
    private func register(_ id: String, parent: String? = nil, label: String? = nil) async throws {
        var body: JSONObject = ["id": .string(id), "fields": .object([:])]
        if let parent { body["parent"] = .string(parent) }
        if let label { body["label"] = .string(label) }
        let (status, answer) = try await harness.request("POST", "/types", body: .object(body))
        XCTAssertEqual(status, 201, "\(answer)")
    }

    /// Answers every later `GET /types` with the catalog the instance lists now, so a type registered after this
    /// call is never described to the copy.
    private func freezeTypes() async throws {
        let (status, listed) = try await harness.request("GET", "/types")
        XCTAssertEqual(status, 200)
        let text = try listed.json()
        front.script { request, _ in
            guard request.method == "GET", request.path == "/types" else { return nil }
            var headers = HTTPHeaders()
            headers.add("X-Marfa-Contract", "3")
            return .json(headers: headers, text: text)
        }
    }

    private func count(_ line: String) -> Int {
        front.lines.filter { $0 == line }.count
    }

    func testEachCatchUpReadsTheTypesBeforeItOpensTheStream_WC27_Issue28_21() throws {
        front.clear()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        let lines = front.lines
        let types = try XCTUnwrap(lines.firstIndex(of: "GET /types"), "the catch-up never read the catalog: \(lines)")
        let events = try XCTUnwrap(lines.firstIndex(of: "GET /events"), "\(lines)")
        XCTAssertLessThan(types, events, "the catalog is read before the stream opens: \(lines)")
    }

    func testATypeRegisteredLaterUnderASliceTypeIsHeldByTheNextCatchUp_WC80_Issue28_21() async throws {
        try await register("acme.late-note", parent: "core.note")
        let late = try await harness.createItem(type: "acme.late-note", title: "registered after the hydration")
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        let held = try harness.device(["items", "get", late], server: false)
        XCTAssertEqual(held.status, 0, "a row of a type under core.note was dropped: \(held.stderr)")
        XCTAssertEqual(held.answer?.object?["type"], "acme.late-note")
    }

    func testACatchUpHoldsTheCatalogItReadsAndTellsChanges_WC27_Issue28_21() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let heard = OriginHeard(.refreshed(.catalog), on: copy.changes())
        try await register("acme.recipe", parent: "core.note", label: "Family recipe")
        _ = try await copy.catchUp()
        expectEqual(try await copy.catalog.itemType("acme.recipe").label, "Family recipe", "read offline afterwards")
        try await eventually(10, "changes() to hear the refreshed catalog") { heard.told }
        heard.cancel()
        await copy.close()
    }

    func testATypeNeverDescribedIsReadForOnceAndSkippedAndTheCursorMovesPast_WC27_Issue28_21() async throws {
        try await freezeTypes()
        try await register("acme.gone")
        for number in 0..<5 { _ = try await harness.createItem(type: "acme.gone", title: "gone \(number)") }
        let last = try await harness.createItem(type: "core.note", title: "after the undescribed ones")
        front.clear()
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertEqual(count("GET /types"), 2, "one read first and one for the type, not one per event: \(front.lines)")
        XCTAssertEqual(count("GET /events"), 2, "the stream is opened again once: \(front.lines)")
        XCTAssertEqual(caught.answer?.object?["skipped"], 5, "\(caught.answer ?? .null)")
        XCTAssertEqual(caught.answer?.object?["applied"], 1, "\(caught.answer ?? .null)")
        let after = try harness.device(["items", "get", last], server: false)
        XCTAssertEqual(after.status, 0, "the cursor moved past them: \(after.stderr)")
        let again = try harness.device(["catch-up"])
        XCTAssertEqual(again.answer?.object?["skipped"], 0, "the skipped events are behind the cursor: \(again.stderr)")
    }

    func testTheDeviceFollowReopensOnceForAnUndescribedTypeAndSkipsItsEvents_WC80_Issue28_21() async throws {
        try await freezeTypes()
        try await register("acme.gone")
        for number in 0..<5 { _ = try await harness.createItem(type: "acme.gone", title: "gone \(number)") }
        let note = try await harness.createItem(type: "core.note", title: "after the undescribed ones")
        front.clear()
        let followed = try runMarfa(harness.deviceArguments(["follow", "--for", "3"], server: true))
        XCTAssertEqual(followed.status, 0, followed.stderr)
        let last = followed.stdout.split(separator: "\n").last.map(String.init)
        let report = try JSONValue(json: try XCTUnwrap(last, "the follow printed its report"))
        XCTAssertEqual(report.object?["skipped"], 5, "\(report)")
        XCTAssertEqual(report.object?["applied"], 1, "\(report)")
        XCTAssertEqual(report.object?["reconnects"], 1, "the stream reopened once for the type: \(report)")
        XCTAssertEqual(count("GET /types"), 2, "one read on opening and one for the type: \(front.lines)")
        XCTAssertEqual(count("GET /events"), 2, "\(front.lines)")
        XCTAssertEqual(try harness.device(["items", "get", note], server: false).status, 0)
    }

    func testTheSwiftFollowReadsTheCatalogAgainOncePerUnknownTypeAndHoldsALateSubtype_WC80_Issue28_21() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let updates = copy.updates().makeAsyncIterator()
        _ = await updates.next()
        let first = try await harness.createItem(type: "core.note", title: "while following")
        try await eventually(20, "the follow to apply a live event") { try await copy.items.get(first) != nil }
        front.clear()
        try await register("acme.late-note", parent: "core.note")
        let lates = [
            try await harness.createItem(type: "acme.late-note", title: "late one"),
            try await harness.createItem(type: "acme.late-note", title: "late two"),
        ]
        try await eventually(20, "the follow to hold the late subtype's rows") {
            try await copy.items.get(lates).rows.count == 2
        }
        XCTAssertEqual(count("GET /types"), 1, "one read for the type, not one per event: \(front.lines)")
        XCTAssertEqual(count("GET /events"), 1, "the stream reopened once: \(front.lines)")
        _ = updates
        await copy.close()
    }
}
