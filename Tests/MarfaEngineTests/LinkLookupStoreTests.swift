import Foundation
import XCTest
import MarfaRules
@testable import MarfaEngine

/// A saved body's link lookups are durable (F100, Decision 0091): change tag 24 round-trips every answer, a cut record
/// is `store_corrupt`, and a snapshot carries them.
final class LinkLookupStoreTests: XCTestCase {
    private let lookups = [
        LinkLookup(name: "Persuasion"),
        LinkLookup(name: "Middlemarch", answer: .found(id: "0190a1b2-0000-7000-8000-000000000002")),
        LinkLookup(name: "Nowhere", answer: .missing), LinkLookup(name: "Twins", answer: .ambiguous),
        LinkLookup(name: "Myself", answer: .refused(reason: "edge_cycle")),
    ]
    private let note = "0190a1b2-0000-7000-8000-000000000001"

    func testEveryAnswerIsDurable_F100() throws {
        let restored = try assertDurable(.setLinkLookups(itemId: note, lookups: lookups))
        XCTAssertEqual(restored.linkLookups[note], lookups)
        XCTAssertEqual(
            try StoreChange.decode(StoreChange.encode([.setLinkLookups(itemId: note, lookups: [])])),
            [.setLinkLookups(itemId: note, lookups: [])])
    }

    func testASnapshotCarriesTheLookupsAndAnEmptyListForgetsThem_F100() {
        var state = CopyState()
        state.apply(.setLinkLookups(itemId: note, lookups: lookups))
        var restored = CopyState()
        for change in state.asChanges { restored.apply(change) }
        XCTAssertEqual(restored.linkLookups[note], lookups)
        XCTAssertEqual(restored, state)
        restored.apply(.setLinkLookups(itemId: note, lookups: []))
        XCTAssertNil(restored.linkLookups[note])
        XCTAssertNotEqual(restored, state, "the lookups are part of the state's equality")
    }
}
