import Foundation
import MarfaTestSupport
import XCTest
import MarfaRules
@testable import MarfaEngine

final class LayOverTests: XCTestCase {
    /// Laying the whole queue over empty rows rebuilds what the planners showed: the two readings of a write's
    /// effect (the planner's and the body's) agree (Q-12, WC-34).
    func testLayingTheQueueOverEmptyRowsRebuildsWhatTheWritesShowed_Q12() throws {
        var random = SplitMixRandom(seed: 77)
        let context = WriteContext(now: { "2026-05-05T05:05:05.000Z" }, mintId: {
            var generator = SystemRandomNumberGenerator()
            return ItemID.make(milliseconds: 1_780_000_000_000, using: &generator)
        })
        var storm = WriteStorm(seed: random.next(), context: context)
        var state = CopyState()
        var applied = 0
        while applied < 800 {
            guard let plan = storm.next(on: state) else { continue }
            for change in plan.changes { state.apply(change) }
            applied += 1
        }
        var emptied = state
        emptied.apply(.clearRows)
        XCTAssertTrue(emptied.items.isEmpty)
        var rebuilt = emptied
        for change in LayOver.changes(over: emptied, now: "2026-05-05T05:05:05.000Z") { rebuilt.apply(change) }
        XCTAssertGreaterThan(state.items.count, 100)
        XCTAssertEqual(rebuilt.items.count, state.items.count)
        XCTAssertTrue(rebuilt.items == state.items, "the laid-over items differ from the shown ones")
        XCTAssertEqual(rebuilt.edges.count, state.edges.count)
        XCTAssertTrue(rebuilt.edges == state.edges, "the laid-over edges differ from the shown ones")
        XCTAssertEqual(rebuilt.extensions, state.extensions)
    }

    func testAnAnsweredWriteIsNotLaidOverButABlockedOneIs_Q12() throws {
        let context = WriteContext.live
        var state = CopyState()
        let plan = try ItemWritePlanner(state: state, context: context).create(
            Draft(type: "core.note", properties: ["title": "t"]))
        for change in plan.changes { state.apply(change) }
        var write = try XCTUnwrap(plan.writes.first)
        write.verdict = .accepted
        state.apply(.putQueuedWrite(write))
        state.apply(.clearRows)
        XCTAssertTrue(LayOver.changes(over: state, now: "2026-01-01T00:00:00.000Z").isEmpty)
        write.verdict = .blocked(reason: .ancestorUnavailable)
        state.apply(.putQueuedWrite(write))
        XCTAssertEqual(LayOver.changes(over: state, now: "2026-01-01T00:00:00.000Z").count, 1)
    }
}
