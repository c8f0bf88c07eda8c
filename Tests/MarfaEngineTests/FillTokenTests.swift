import Foundation
@testable import MarfaEngine
import MarfaRules
import XCTest

/// Fills one at a time (issue 27 point 3, Decision 0098; the chaos drill's finding 5, Decision 0096): once a later
/// fill has begun, an earlier fill's pages and end are refused, so the app's hydration and the follow's refill
/// cannot leave a copy marked complete without the rows its own fill stored.
final class FillTokenTests: XCTestCase {
    private let time = "2026-01-02T03:04:05.006Z"
    private let slice = Slice(types: ["core.note"], tier: .all, edgeTypes: [])

    private func page(_ id: String) -> FillPage {
        let item = Item(
            id: id, type: "core.note", properties: ["title": "listed"], version: 1, occurredAt: time,
            createdAt: time, updatedAt: time)
        return FillPage(rows: [FillPage.Row(item: item, extensions: [:], edges: [])])
    }

    func testASupersededFillsPagesAndEndAreRefusedAndTheLaterFillEndsWhole_WC15_Issue27_3() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("fill-token-\(UUID().uuidString)").appendingPathComponent("copy.marfa")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let catalog = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "title")], edgeTypes: [])
        let first = "0190a1b2-0000-7000-8000-0000000000f1"
        let second = "0190a1b2-0000-7000-8000-0000000000f2"

        let earlier = try await copy.beginHydration(slice)
        try await copy.storeFillPage(page(first), of: earlier)
        let later = try await copy.beginHydration(slice)
        let begun = await copy.state
        XCTAssertNil(begun.items[first], "the later fill starts from no rows")

        do {
            try await copy.storeFillPage(page(first), of: earlier)
            XCTFail("a superseded fill's page is refused")
        } catch {
            guard case .canceled = error else { return XCTFail("refused canceled, not \(error)") }
        }
        do {
            try await copy.finishHydration(earlier, cursor: "7", instanceId: "instance", catalog: catalog)
            XCTFail("a superseded fill's end is refused")
        } catch {
            guard case .canceled = error else { return XCTFail("refused canceled, not \(error)") }
        }
        var state = await copy.state
        XCTAssertEqual(state.hydration, .inProgress, "the superseded fill does not mark the copy complete")
        XCTAssertNil(state.items[first])
        XCTAssertNil(state.cursor)

        try await copy.storeFillPage(page(second), of: later)
        try await copy.finishHydration(later, cursor: "8", instanceId: "instance", catalog: catalog)
        state = await copy.state
        XCTAssertEqual(state.hydration, .complete)
        XCTAssertEqual(state.cursor, "8")
        XCTAssertNotNil(state.items[second], "the fill that ended holds the rows it stored")
        XCTAssertNil(state.items[first])
        await copy.close()
    }

    /// A catch-up that was streaming when a fill began applies no event to the half-filled copy, so the fill's end
    /// can never set the cursor back behind events the copy already applied (WC-13; the chaos drill's finding 6,
    /// where a refill ending after the last catch-up left the copy at cursor 18 of 46).
    func testNoEventIsStagedOrCursorMovedWhileAFillRuns_WC13_Issue27_3() async throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("fill-events-\(UUID().uuidString)").appendingPathComponent("copy.marfa")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let catalog = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "title")], edgeTypes: [])
        let created = LogEvent.item(.itemCreated, page("0190a1b2-0000-7000-8000-0000000000f3").rows[0].item, nil)

        let fill = try await copy.beginHydration(slice)
        do {
            _ = try await copy.stageEvent(created, cursor: "9", enteringEdges: nil, origin: .housekeeping)
            XCTFail("an event is refused while a fill runs")
        } catch {
            guard case .hydrationIncomplete = error else { return XCTFail("refused hydration_incomplete, not \(error)") }
        }
        do {
            try await copy.moveCursor(afterMarker: EventID(canonical: "9"))
            XCTFail("the cursor does not move while a fill runs")
        } catch {
            guard case .hydrationIncomplete = error else { return XCTFail("refused hydration_incomplete, not \(error)") }
        }
        var state = await copy.state
        XCTAssertNil(state.cursor)
        XCTAssertNil(state.items["0190a1b2-0000-7000-8000-0000000000f3"])

        try await copy.finishHydration(fill, cursor: "8", instanceId: "instance", catalog: catalog)
        let staging = try await copy.stageEvent(created, cursor: "9", enteringEdges: nil, origin: .housekeeping)
        guard case .staged(let commit?, skipped: false) = staging else { return XCTFail("witness: staged once filled") }
        try await copy.settle([commit])
        state = await copy.state
        XCTAssertEqual(state.cursor, "9", "witness: once the fill ended, the event moves the cursor")
        await copy.close()
    }
}
