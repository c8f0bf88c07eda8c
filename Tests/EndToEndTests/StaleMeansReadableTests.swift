import Foundation
import Marfa
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

/// Issue 29, "Stale means still readable": a stale copy, and a copy being refilled, answer the rows they hold
/// `.stale` (seed 000 "Rows and completeness" and "While the copy fills", F023, F025, F026); a refill lays the
/// instance's rows over the held ones and never clears first (seed 003 "Refills", F129), keeping the rows waiting
/// writes need (F130); writes are queued or refused as F028 and F030 say.
final class StaleMeansReadableTests: FrontedInstanceCase {

    /// A copy of two notes made stale: three notes are written after its fill, the log is trimmed past them, and
    /// its catch-up is told `catchup_too_old` (WC-30). Answers the copy and the two notes' ids.
    private func staleCopy(types: [String] = ["core.note"]) async throws -> (WorkingCopy, [String]) {
        let first = try await harness.createItem(type: "core.note", title: "first")
        let second = try await harness.createItem(type: "core.note", title: "second")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: types, tier: .all)
        try await writeNotesPastTheLog(of: copy)
        await expectRefused("catch_up_too_old", "a catch-up past the trimmed log") { _ = try await copy.catchUp() }
        expectEqual(try await copy.status().hydration, .expired, "witness: the copy is stale")
        return (copy, [first, second])
    }

    private func titles(_ rows: Rows<Item>) -> Set<String> {
        Set(rows.rows.compactMap { $0.properties["title"]?.string })
    }

    func testAStaleCopyAnswersTheRowsItHoldsStale_F023_F025_F026() async throws {
        let (copy, held) = try await staleCopy()
        let listed = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(listed.completeness, .stale)
        XCTAssertEqual(titles(listed), ["first", "second"], "the rows held when the cursor was let go")
        let searched = try await copy.search("second")
        XCTAssertEqual(searched.completeness, .stale)
        XCTAssertEqual(searched.rows.map(\.item.id), [held[1]])
        let one = try await copy.items.get(held[0])
        XCTAssertEqual(one?.properties["title"], "first")
        let unheld = try await copy.items.get(ItemID.make())
        XCTAssertNil(unheld, "an item the stale copy does not hold is not held, not refused")
        let many = try await copy.items.get(held, includingBin: true)
        XCTAssertEqual(many.completeness, .stale)
        await expectRefused("hydration_incomplete", "an edge read while stale (F026)") {
            _ = try await copy.edges.from(held[0])
        }
        await expectRefused("hydration_incomplete", "changes(since:) while stale (F026)") {
            _ = try await copy.changes(since: nil)
        }
        await copy.close()
    }

    func testWritesWhileStaleQueueForHeldAndNewItemsAndRefuseEdgesAndUnheldItems_F028_F030() async throws {
        let (copy, held) = try await staleCopy()
        let edited = try await copy.items.update(
            held[0], Edit(properties: ["title": "edited while stale"], baseVersion: 1))
        XCTAssertEqual(edited.itemId, held[0], "a write to a held item is queued (F030)")
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "new while stale"]))
        XCTAssertNotNil(created.itemId, "a new item is queued (F030)")
        let tagged = try await copy.tags.add("kept", to: held[1])
        XCTAssertEqual(tagged.itemId, held[1])
        let queuedBefore = try await copy.queue.all().count
        let unheld = ItemID.make()
        await expectRefused("hydration_incomplete", "an edit of an item the stale copy does not hold (F028)") {
            _ = try await copy.items.update(unheld, Edit(properties: ["title": "x"], baseVersion: 1))
        }
        await expectRefused("hydration_incomplete", "a tag on an item the stale copy does not hold (F028)") {
            _ = try await copy.tags.add("x", to: unheld)
        }
        await expectRefused("hydration_incomplete", "an edge create while stale (F028)") {
            _ = try await copy.edges.create(from: held[0], to: held[1], type: "references")
        }
        await expectRefused("hydration_incomplete", "an edge check while stale (F028)") {
            try await copy.edges.check(from: held[0], to: held[1], type: "references")
        }
        expectEqual(try await copy.queue.all().count, queuedBefore, "a refused write queues nothing")
        let shown = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(titles(shown), ["edited while stale", "second", "new while stale"])
        await copy.close()
    }

    func testWritesDuringAFirstFillWaitAsF028Says_F024_F025_F028_F030() async throws {
        let note = try await harness.createItem(type: "core.note", title: "on the instance")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let page = front.hold("GET /items")
        let fill = Task { try await copy.hydrate(types: ["core.note"], tier: .all) }
        try await eventually(20, "the fill to ask for its first page") { front.lines.contains("GET /items") }
        let listed = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(listed.completeness, .partial, "a first fill answers the rows arrived (F024)")
        await expectRefused("hydration_incomplete", "a get of an item not yet arrived (F025)") {
            _ = try await copy.items.get(note)
        }
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "new during fill"]))
        let made = try unwrap(created.itemId)
        await expectRefused("hydration_incomplete", "an edit of an item not yet arrived (F028)") {
            _ = try await copy.items.update(note, Edit(properties: ["title": "x"], baseVersion: 1))
        }
        await expectRefused("hydration_incomplete", "an edge write during a fill (F028)") {
            _ = try await copy.edges.create(from: made, to: note, type: "references")
        }
        page.open()
        _ = try await fill.value
        let after = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(titles(after), ["on the instance", "new during fill"], "the create queued during the fill shows")
        await copy.close()
    }

    func testARefillLaysTheInstanceRowsOverTheHeldOnesAndNeverClearsFirst_F129_F130_F025() async throws {
        let (copy, held) = try await staleCopy()
        _ = try await copy.items.update(held[0], Edit(properties: ["title": "edited while stale"], baseVersion: 1))
        let waiting = try await copy.items.create(Draft(type: "core.note", properties: ["title": "waiting create"]))
        // The second note leaves the instance while the copy is stale: binned, then purged.
        try await harness.request("DELETE", "/items/\(held[1])?version=1", body: [:])
        let (purged, answer) = try await harness.request("POST", "/items/\(held[1])/purge", body: [:])
        XCTAssertEqual(purged, 200, "\(answer)")
        front.clear()
        let page = front.hold("GET /items")
        let refill = Task { try await copy.hydrate(types: ["core.note"], tier: .all) }
        try await eventually(20, "the refill to ask for its first page") { front.lines.contains("GET /items") }
        let during = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(during.completeness, .stale, "during a refill the copy answers the rows it holds")
        XCTAssertEqual(titles(during), ["edited while stale", "second", "waiting create"], "nothing was cleared")
        let one = try await copy.items.get(held[1])
        XCTAssertEqual(one?.properties["title"], "second", "get answers from the held rows during a refill (F025)")
        expectEqual(try await copy.status().hydration, .inProgress, "a running refill is a fill (WC-6)")
        page.open()
        _ = try await refill.value
        let after = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(after.completeness, .complete)
        XCTAssertEqual(
            titles(after), ["edited while stale", "waiting create", "late 0", "late 1", "late 2"],
            "the instance's rows, the purged note gone, the waiting writes laid over (F130)")
        let gone = try await copy.items.get(held[1])
        XCTAssertNil(gone, "a row the instance no longer sends is removed at the refill's end")
        expectEqual(try await copy.queue.all().map(\.id).contains(waiting.id), true, "the queue stays (WC-32)")
        await copy.close()
    }

    func testARefillCutShortStaysStaleWithItsWaitingEditsShown_F129_F130() async throws {
        let bookmark = try await harness.createItem(type: "core.bookmark", title: "mark")
        let (copy, held) = try await staleCopy(types: ["core.note", "core.bookmark"])
        _ = try await copy.items.update(held[0], Edit(properties: ["title": "edited while stale"], baseVersion: 1))
        let failing = LockedValue(true)
        // The bookmark page fails: the refill has laid the notes' page over the held rows, and stops.
        front.script { request, _ in
            let isBookmarks = request.method == "GET" && request.path == "/items"
                && request.queryItems.contains { $0.name == "type" && $0.value == "core.bookmark" }
            return isBookmarks && failing.withLock({ $0 }) ? ScriptedFront.refusal(503, "unavailable") : nil
        }
        do {
            _ = try await copy.hydrate(types: ["core.note", "core.bookmark"], tier: .all)
            XCTFail("the refill went through a 503")
        } catch {}
        expectEqual(try await copy.status().hydration, .expired, "a refill cut short leaves the copy stale")
        let notes = try await copy.items.list(ListFilters(types: ["core.note"]))
        XCTAssertEqual(notes.completeness, .stale)
        XCTAssertEqual(
            titles(notes), ["edited while stale", "second", "late 0", "late 1", "late 2"],
            "the notes' page laid over, the waiting edit on top of it")
        let mark = try await copy.items.get(bookmark)
        XCTAssertEqual(mark?.properties["title"], "mark", "the page not reached leaves its held rows")
        failing.withLock { $0 = false }
        _ = try await copy.hydrate(types: ["core.note", "core.bookmark"], tier: .all)
        expectEqual(try await copy.status().hydration, .complete)
        await copy.close()
    }
}
