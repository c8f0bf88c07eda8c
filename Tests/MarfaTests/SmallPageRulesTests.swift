import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The smaller rules seed 000 states, each through the public SDK on a local store (issue 29, "Smaller rules").
final class SmallPageRulesTests: LocalCopyCase {
    private func note(_ properties: JSONObject, occurredAt: String? = nil) async throws -> String {
        try unwrap(try await copy.items.create(
            Draft(type: "core.note", properties: properties, occurredAt: occurredAt)).itemId)
    }

    func testLinksOfManyIdsSkipIdsTheCopyDoesNotShow_F009() async throws {
        let held = try await note(["title": "Held", "body": "See [[Other]]."])
        let binned = try await note(["title": "Binned", "body": "[[Held]]"])
        try await copy.items.delete(binned)
        let unheld = "0190a1b2-0000-7000-8000-00000000beef"
        let links = try await copy.items.links(in: [unheld, held, binned, held])
        XCTAssertEqual(Array(links.keys), [held], "seed 000 line 30: unheld and binned ids are left out, not thrown")
        XCTAssertEqual(links[held]?.links.map(\.name), ["Other"])
    }

    func testADayBoundIsTheStartOfThatDayInUTC_F041() async throws {
        let before = try await note(["title": "before"], occurredAt: "2026-03-04T23:59:59.999Z")
        let onTheDay = try await note(["title": "on the day"], occurredAt: "2026-03-05T00:00:00.001Z")
        let listed = try await copy.items.list(ListFilters(occurredAfter: "2026-03-05")).map(\.id)
        XCTAssertEqual(listed, [onTheDay], "seed 000 line 80: a day bound reads as midnight UTC, not a refusal")
        let earlier = try await copy.items.list(ListFilters(occurredBefore: "2026-03-05")).map(\.id)
        XCTAssertEqual(earlier, [before])
        var filters = ListFilters()
        filters.occurredAfter = "2026-03-05"
        XCTAssertEqual(filters.occurredAfterDate, Date(timeIntervalSince1970: 1_772_668_800), "2026-03-05T00:00Z")
        do {
            _ = try await copy.items.list(ListFilters(occurredAfter: "2026-13-05"))
            XCTFail("a month 13 is no day")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "validation")
        }
    }

    func testDateForPropertyPlacesADayInItsCalendar_F020() async throws {
        let id = try await note(["title": "due", "due": "2026-03-05", "at": "2026-03-05T10:00:00.000Z"])
        let item = try await unwrap(try await copy.items.get(id))
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
        let day = try XCTUnwrap(item.date(forProperty: "due", calendar: tokyo))
        XCTAssertFalse(day.hasTime)
        XCTAssertEqual(
            tokyo.dateComponents([.year, .month, .day, .hour], from: day.date),
            DateComponents(year: 2026, month: 3, day: 5, hour: 0), "seed 000 line 39: the day in its calendar")
        XCTAssertEqual(day.jsonValue, "2026-03-05", "written back as the same day")
        XCTAssertEqual(ItemDate.day(day.date, calendar: tokyo).jsonValue, "2026-03-05")
        let instant = try XCTUnwrap(item.date(forProperty: "at", calendar: tokyo))
        XCTAssertTrue(instant.hasTime)
        XCTAssertEqual(instant.jsonValue, "2026-03-05T10:00:00.000Z", "an instant is the same in every calendar")
        XCTAssertNil(item.date(forProperty: "title", calendar: tokyo))
    }

    func testChangesSinceNamesTheItemsAtBothEndsOfAChangedEdge_Seed003Line133_F144() async throws {
        let source = try await note(["title": "source"])
        let target = try await note(["title": "target"])
        let bystander = try await note(["title": "bystander"])
        let before = try await copy.changes(since: nil).next
        let edge = try await copy.edges.create(from: source, to: target, type: "references")
        guard case .named(let made, let afterMade) = try await copy.changes(since: before) else {
            return XCTFail("a cursor of this store names rows")
        }
        XCTAssertEqual(made.items.sorted(), [source, target].sorted(), "an edge at either end names the item")
        XCTAssertFalse(made.items.contains(bystander))
        try await copy.edges.delete(try unwrap(edge.edgeId))
        guard case .named(let removed, _) = try await copy.changes(since: afterMade) else {
            return XCTFail("a cursor of this store names rows")
        }
        XCTAssertEqual(removed.items.sorted(), [source, target].sorted(), "so does an edge removed")
        await copy.close()
        copy = try await WorkingCopy.open(store: store)
        guard case .named(let replayed, _) = try await copy.changes(since: before) else {
            return XCTFail("the change log is rebuilt from the journal")
        }
        XCTAssertEqual(replayed.items.sorted(), [source, target].sorted(), "the same after a reopen")
    }
}
