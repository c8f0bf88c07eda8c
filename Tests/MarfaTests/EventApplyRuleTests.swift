import Marfa
import MarfaRules
import XCTest

final class EventApplyRuleTests: XCTestCase {
    /// A slice of notes (and their subtypes) in the library, holding `references` whole, with `pinned` pinned.
    private let slice = SliceMembership(tier: .library, wholeEdgeTypes: ["references"], pins: ["pinned"]) { type in
        type == "core.note" || type.hasPrefix("core.note.")
    }

    private func plan(
        _ kind: EventKind, id: String = "r", type: String = "core.note", tier: Tier? = .library, version: Int64,
        held: Int64?
    ) -> ItemEventPlan {
        EventApplyRule.plan(kind, itemId: id, type: type, tier: tier, version: version, heldVersion: held, slice: slice)
    }

    private func id(_ value: Int64) -> EventID? { EventID(value) }

    func testAnEventStrictlyOlderThanTheHeldRowIsSkippedAndTheCursorMovesPastIt_WC21() {
        XCTAssertEqual(plan(.itemUpdated, version: 4, held: 5), .skipStale)
        XCTAssertEqual(plan(.itemUpdated, type: "core.task", version: 4, held: 5), .skipStale, "even leaving")
        XCTAssertEqual(EventCursorRule.cursor(after: EventID(11)!, .skippedStale, current: id(10)), id(11))
    }

    func testEqualVersionsApplyInStreamOrderAndNewerOnesApply_WC21() {
        XCTAssertEqual(plan(.itemUpdated, version: 5, held: 5), .apply)
        XCTAssertEqual(plan(.itemUpdated, version: 6, held: 5), .apply)
    }

    func testVersionNeutralEventsAtTheHeldVersionStillApply_WC22() {
        for kind: EventKind in [.itemDeleted, .itemRestored, .itemStateChanged, .metadataChanged] {
            XCTAssertEqual(plan(kind, version: 3, held: 3), .apply, "\(kind)")
        }
        XCTAssertEqual(plan(.itemDeleted, version: 2, held: 3), .skipStale, "witness: an older one is still stale")
    }

    func testTheCursorIsTheLastAppliedEventNotTheHighestSeen_WC18() {
        var cursor = id(10)
        cursor = EventCursorRule.cursor(after: EventID(12)!, .applied, current: cursor)
        cursor = EventCursorRule.cursor(after: EventID(11)!, .applied, current: cursor)
        XCTAssertEqual(cursor, id(11))
        XCTAssertEqual(EventCursorRule.cursor(after: EventID(12)!, .notApplied, current: cursor), id(11), "WC-26")
    }

    func testTheMarkerMovesTheCursorOnlyForward_WC20() {
        let afterEvent = EventCursorRule.cursor(after: EventID(11)!, .applied, current: id(10))
        XCTAssertEqual(EventCursorRule.cursor(afterMarker: id(20), current: afterEvent), id(20))
        XCTAssertEqual(EventCursorRule.cursor(afterMarker: nil, current: afterEvent), id(11))
        XCTAssertEqual(EventCursorRule.cursor(afterMarker: id(5), current: afterEvent), id(11))
        XCTAssertEqual(EventCursorRule.cursor(afterMarker: id(0), current: nil), id(0))
    }

    func testAHeldRowRetypedOrMovedOutOfTheSliceLeavesIt_WC23() {
        XCTAssertEqual(plan(.itemUpdated, type: "core.task", version: 6, held: 5), .leave)
        XCTAssertEqual(plan(.itemUpdated, tier: .feed, version: 6, held: 5), .leave)
        XCTAssertEqual(plan(.itemUpdated, type: "core.note.meeting", version: 6, held: 5), .apply, "a subtype stays")
        XCTAssertEqual(plan(.itemUpdated, id: "pinned", type: "core.task", version: 6, held: 5), .apply, "pins stay")
    }

    func testAnEventForARowNeverHeldOutsideTheSliceAddsNothing_WC23() {
        XCTAssertEqual(plan(.itemCreated, type: "core.task", version: 1, held: nil), .ignore)
        XCTAssertEqual(plan(.itemUpdated, tier: .feed, version: 2, held: nil), .ignore)
    }

    func testARowEnteringTheSliceHasItsEdgesFetchedFirstUnlessJustCreated_WC25() {
        XCTAssertEqual(plan(.itemCreated, version: 1, held: nil), .enter(fetchEdgesFirst: false))
        XCTAssertEqual(plan(.itemUpdated, version: 7, held: nil), .enter(fetchEdgesFirst: true), "retyped in")
        XCTAssertEqual(plan(.itemUpdated, tier: .library, version: 7, held: nil), .enter(fetchEdgesFirst: true))
        XCTAssertEqual(plan(.itemRestored, version: 7, held: nil), .enter(fetchEdgesFirst: true))
        XCTAssertEqual(
            plan(.itemCreated, id: "pinned", type: "core.task", version: 1, held: nil), .enter(fetchEdgesFirst: false))
    }

    func testAPurgeRemovesTheRowWhateverItsVersionOrSlice_WC24() {
        XCTAssertEqual(plan(.itemPurged, version: 1, held: 9), .purge)
        XCTAssertEqual(plan(.itemPurged, type: "core.task", version: 1, held: nil), .purge)
    }

    func testAnEdgeIsHeldWhenItsSourceIsHeldOrItsTypeIsHeldWhole_WC23() {
        func edge(_ kind: EventKind, type: String = "parent-of", version: Int64 = 2, held: Int64?, source: Bool)
            -> EdgeEventPlan
        {
            EventApplyRule.plan(
                kind, edgeType: type, version: version, heldVersion: held, sourceHeld: source, slice: slice)
        }
        XCTAssertEqual(edge(.edgeCreated, held: nil, source: true), .apply)
        XCTAssertEqual(edge(.edgeCreated, type: "references", held: nil, source: false), .apply)
        XCTAssertEqual(edge(.edgeCreated, held: nil, source: false), .ignore)
        XCTAssertEqual(edge(.edgeUpdated, held: 1, source: false), .remove, "its source moved out of the copy")
        XCTAssertEqual(edge(.edgeUpdated, version: 1, held: 2, source: true), .skipStale)
        XCTAssertEqual(edge(.edgeUpdated, version: 2, held: 2, source: true), .apply)
        XCTAssertEqual(edge(.edgeDeleted, version: 1, held: 2, source: true), .remove)
        XCTAssertEqual(edge(.edgeDeleted, held: nil, source: true), .ignore)
    }

    func testEventIdsAreCanonicalDecimalUpToTwoToTheSixtyThreeMinusOne_P28() {
        XCTAssertEqual(EventID(canonical: "0")?.value, 0)
        XCTAssertEqual(EventID(canonical: "9223372036854775807")?.value, .max)
        for bad in ["", "00", "01", "-1", "+1", "1 ", "١", "9223372036854775808", "18446744073709551616"] {
            XCTAssertNil(EventID(canonical: bad), bad)
        }
        XCTAssertNil(EventID(-1))
        XCTAssertLessThan(EventID(canonical: "9")!, EventID(canonical: "10")!, "ids compare as numbers")
        XCTAssertEqual(EventID(canonical: "42")?.description, "42")
    }
}
