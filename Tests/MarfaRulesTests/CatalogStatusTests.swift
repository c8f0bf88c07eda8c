import XCTest

@testable import MarfaRules

final class CatalogStatusTests: XCTestCase {
    private let catalog = CatalogSnapshot(
        itemTypes: BuiltInCatalog.snapshot.itemTypes + [ItemType(id: "app.acme.chore", parent: "core.task")],
        edgeTypes: [])

    private func item(_ type: String, _ properties: JSONObject) -> Item {
        Item(
            id: "0190a000-0000-7000-8000-000000000001", type: type, properties: properties,
            occurredAt: "2026-01-01T00:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z",
            updatedAt: "2026-01-01T00:00:00.000Z")
    }

    func testStatusWordsFallIntoTheFourGroups_F053_F054() {
        let table: [(String, JSONValue?, StatusGroup?)] = [
            ("core.task", "pending", .notStarted), ("core.task", "in_progress", .inProgress),
            ("core.task", "completed", .completed), ("core.task", "canceled", .canceled),
            ("core.task", " Completed ", .completed), ("core.task", "done", nil), ("core.task", nil, nil),
            ("core.task", 3, nil), ("app.acme.chore", "in_progress", .inProgress),
            ("core.event", "tentative", .notStarted), ("core.event", "confirmed", .notStarted),
            ("core.event", "rescheduled", .notStarted), ("core.event", "canceled", .canceled),
            ("core.media.series", "ongoing", .inProgress), ("core.media.series", "ended", .completed),
            ("core.media.series", "canceled", .canceled), ("core.media.book", "ended", nil),
            ("core.note", "completed", nil), ("system.connection", "active", nil),
        ]
        for (type, word, group) in table {
            let properties: JSONObject = word.map { ["status": $0] } ?? [:]
            let label = "\(type) \(String(describing: word))"
            XCTAssertEqual(catalog.statusGroup(of: item(type, properties)), group, label)
        }
    }

    func testAnEventsStatusIsReadAsHeld_F055() {
        XCTAssertEqual(catalog.eventStatus(of: item("core.event", ["status": " confirmed "])), "confirmed")
        XCTAssertEqual(catalog.eventStatus(of: item("core.event", ["status": "Moved"])), "Moved")
        XCTAssertNil(catalog.eventStatus(of: item("core.event", ["status": "  "])))
        XCTAssertNil(catalog.eventStatus(of: item("core.event", [:])))
        XCTAssertNil(catalog.eventStatus(of: item("core.task", ["status": "pending"])))
    }
}
