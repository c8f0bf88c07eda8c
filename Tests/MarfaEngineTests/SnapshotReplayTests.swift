import MarfaRules
import XCTest

@testable import MarfaEngine

final class SnapshotReplayTests: XCTestCase {
    /// Restoring a snapshot batch by batch gives the state that was written and indexes holding every item
    /// (WC-1: the copy survives a restart).
    func testRestoreGivesTheWrittenStateAndIndexesOverEveryItem() throws {
        let state = seededState(items: 9000, changes: 3000)
        XCTAssertGreaterThan(state.edges.count, 0, "the witness: the snapshot holds edges as well as items")
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(state.asChanges), path: "test")
        XCTAssertEqual(restored, state)
        try indexes.checkInvariants(state: restored)
        for id in restored.items.keys { XCTAssertNotNil(restored.items.row(of: id), "no row for \(id)") }
    }

    /// An item change after the edges (an order snapshots never have, as a journal replay does) ends with
    /// indexes that match.
    func testAnItemChangeAfterTheEdgesStillEndsWithMatchingIndexes() throws {
        let state = seededState(items: 3000, changes: 1500)
        var generator = SeededChanges(seed: 77)
        let late = generator.item(id: generator.id())
        let gone = try XCTUnwrap(state.items.keys.first)
        let changes = state.asChanges + [.putItem(late), .removeItem(id: gone)]
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(changes), path: "test")
        try indexes.checkInvariants(state: restored)
        XCTAssertNotNil(restored.items.row(of: late.id))
        XCTAssertNil(restored.items.row(of: gone))
    }

    /// A malformed payload is refused `store_corrupt` naming the snapshot's path.
    func testAMalformedPayloadIsRefusedStoreCorruptNamingThePath() {
        let bytes = StoreChange.encode(seededState(items: 3000, changes: 0).asChanges)
        XCTAssertThrowsError(try SnapshotReplay.restore(Array(bytes.dropLast(7)), path: "snap-path")) { error in
            guard case .storeCorrupt(let path, _, _)? = error as? MarfaError else {
                return XCTFail("expected store_corrupt, got \(error)")
            }
            XCTAssertEqual(path, "snap-path")
        }
    }

    private func seededState(items: Int, changes: Int) -> CopyState {
        var generator = SeededChanges(seed: 31)
        var state = CopyState()
        for _ in 0..<items { state.apply(.putItem(generator.item(id: generator.id()))) }
        for _ in 0..<changes { state.apply(generator.change()) }
        return state
    }
}
