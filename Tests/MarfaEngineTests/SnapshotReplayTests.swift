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

    /// A snapshot lists its edges before its items, so open can decode them on a second thread from the start
    /// (Decision 0024).
    func testASnapshotListsItsEdgesBeforeItsItems() throws {
        let changes = seededState(items: 2000, changes: 2000).asChanges
        let lastEdge = try XCTUnwrap(changes.lastIndex(where: Self.isEdge), "the witness: the state holds edges")
        let firstItem = try XCTUnwrap(changes.firstIndex(where: Self.isItem))
        XCTAssertLessThan(lastEdge, firstItem)
    }

    /// A snapshot written before Decision 0024 (items, then edges) still restores exactly, adjacency included
    /// (WC-1: the copy survives a restart and an upgrade).
    func testASnapshotWithItsItemsBeforeItsEdgesStillRestoresExactly() throws {
        let state = seededState(items: 3000, changes: 4000)
        let changes = state.asChanges
        let metadata = changes.filter { !Self.isEdge($0) && !Self.isItem($0) && !Self.isAfterEdges($0) }
        let older =
            metadata + changes.filter(Self.isItem) + changes.filter(Self.isEdge) + changes.filter(Self.isAfterEdges)
        XCTAssertNotEqual(older, changes, "the witness: the older order differs from today's")
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(older), path: "test")
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.edgesFrom, state.edgesFrom)
        XCTAssertEqual(restored.edgesTo, state.edgesTo)
        XCTAssertEqual(restored.edgesOfType, state.edgesOfType)
        try indexes.checkInvariants(state: restored)
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

    /// Edges interleaved with other changes (an extension, an edge removal and an item between two runs of edges)
    /// restore to the state, adjacency included, that applying the changes in order gives: the edges decoded on
    /// the second thread end at the first other change and the rest follow in order (WC-1).
    func testEdgesInterleavedWithOtherChangesRestoreAsAppliedInOrder() throws {
        let state = seededState(items: 3000, changes: 8000)
        let changes = state.asChanges
        let edgeChanges = changes.filter(Self.isEdge)
        XCTAssertGreaterThanOrEqual(edgeChanges.count, 3, "the witness: edges before and after the others")
        guard case .putEdge(let firstEdge) = edgeChanges[0], let itemId = state.items.keys.first else {
            return XCTFail("no edge or item to interleave")
        }
        var generator = SeededChanges(seed: 78)
        let between: [StoreChange] = [
            .putExtension(itemId: itemId, namespace: "late", body: ["n": .integer(1)]),
            .removeEdge(id: firstEdge.id), .putItem(generator.item(id: generator.id())),
        ]
        let mixed =
            changes.filter { !Self.isEdge($0) && !Self.isAfterEdges($0) } + edgeChanges.prefix(2) + between
            + edgeChanges.dropFirst(2) + changes.filter(Self.isAfterEdges)
        var expected = CopyState()
        for change in mixed { expected.apply(change) }
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(mixed), path: "test")
        XCTAssertEqual(restored, expected)
        XCTAssertNil(restored.edges[firstEdge.id], "the removal after the first run of edges is applied")
        XCTAssertEqual(restored.edgesFrom, expected.edgesFrom)
        XCTAssertEqual(restored.edgesTo, expected.edgesTo)
        XCTAssertEqual(restored.edgesOfType, expected.edgesOfType)
        try indexes.checkInvariants(state: restored)
    }

    /// A payload cut inside its run of edges is refused `store_corrupt` naming the snapshot's path, though the
    /// edges are decoded on the second thread.
    func testAPayloadCutInsideItsEdgesIsRefusedStoreCorruptNamingThePath() {
        let changes = seededState(items: 2000, changes: 2000).asChanges
        let edgesLast = changes.filter { !Self.isEdge($0) } + changes.filter(Self.isEdge)
        XCTAssertTrue(edgesLast.last.map(Self.isEdge) ?? false, "the witness: the payload ends inside its edges")
        let bytes = StoreChange.encode(edgesLast)
        XCTAssertThrowsError(try SnapshotReplay.restore(Array(bytes.dropLast(7)), path: "edge-path")) { error in
            guard case .storeCorrupt(let path, _, _)? = error as? MarfaError else {
                return XCTFail("expected store_corrupt, got \(error)")
            }
            XCTAssertEqual(path, "edge-path")
        }
    }

    /// With its edges first, a snapshot's items are split between the two threads (the second decodes the last
    /// ones) and still restore to the written state, each item at the row it had, in payload order (WC-1,
    /// Decision 0032).
    func testItemsSplitBetweenTheTwoThreadsRestoreInPayloadOrder() throws {
        let state = seededState(items: 6000, changes: 3000)
        let changes = state.asChanges
        let edges = changes.filter(Self.isEdge).count
        let afterEdges = changes.count - changes.firstIndex(where: Self.isItem)!
        let callerShare = SnapshotReplay.itemsBeforeTail(edges: edges, changes: afterEdges)
        XCTAssertGreaterThan(callerShare, 0, "the witness: the caller decodes some items")
        XCTAssertLessThan(callerShare, state.items.count, "the witness: the second thread decodes the others")
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(changes), path: "test")
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.items.rows.map(\.item.id), state.items.values.map(\.id))
        try indexes.checkInvariants(state: restored)
    }

    /// A change other than an item among the items the caller decodes first (an extension, a removal) makes the
    /// second thread leave every item to the caller, and the payload restores as applied in order (WC-1).
    func testAnotherChangeAmongTheFirstItemsRestoresAsAppliedInOrder() throws {
        let state = seededState(items: 4000, changes: 2000)
        let changes = state.asChanges
        let firstItem = try XCTUnwrap(changes.firstIndex(where: Self.isItem))
        guard case .putItem(let item) = changes[firstItem + 10] else { return XCTFail("no item to remove") }
        var mixed = changes
        mixed.insert(.removeItem(id: item.id), at: firstItem + 20)
        mixed.insert(.putExtension(itemId: item.id, namespace: "early", body: ["n": .integer(2)]), at: firstItem + 5)
        var expected = CopyState()
        for change in mixed { expected.apply(change) }
        XCTAssertNil(expected.items[item.id], "the witness: the removal takes the item out")
        let (restored, indexes) = try SnapshotReplay.restore(StoreChange.encode(mixed), path: "test")
        XCTAssertEqual(restored, expected)
        try indexes.checkInvariants(state: restored)
    }

    /// A payload cut inside the items the second thread decodes is refused `store_corrupt` naming the path.
    func testAPayloadCutInsideTheSecondThreadsItemsIsRefusedStoreCorrupt() throws {
        let changes = seededState(items: 3000, changes: 1500).asChanges
        let itemsLast = changes.filter { !Self.isAfterEdges($0) }
        XCTAssertTrue(itemsLast.last.map(Self.isItem) ?? false, "the witness: the payload ends inside its items")
        XCTAssertGreaterThan(itemsLast.filter(Self.isEdge).count, 0, "the witness: the items follow a run of edges")
        let bytes = StoreChange.encode(itemsLast)
        XCTAssertThrowsError(try SnapshotReplay.restore(Array(bytes.dropLast(7)), path: "item-path")) { error in
            guard case .storeCorrupt(let path, _, _)? = error as? MarfaError else {
                return XCTFail("expected store_corrupt, got \(error)")
            }
            XCTAssertEqual(path, "item-path")
        }
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

    private static func isEdge(_ change: StoreChange) -> Bool {
        if case .putEdge = change { return true }
        return false
    }

    private static func isItem(_ change: StoreChange) -> Bool {
        if case .putItem = change { return true }
        return false
    }

    /// Whether a snapshot lists `change` after its edges and items: extensions and the queue.
    private static func isAfterEdges(_ change: StoreChange) -> Bool {
        switch change {
        case .putExtension, .putQueuedWrite: return true
        default: return false
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
