import Foundation
import MarfaRules
import MarfaStorage
import XCTest

@testable import MarfaEngine

/// Restoring snapshots as open does (Decision 0052): written to a store's file, streamed back in pieces and applied
/// in payload order on two threads.
final class SnapshotReplayTests: XCTestCase {
    private var store: URL?

    override func tearDown() {
        if let store { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
    }

    /// The path of the snapshot `restore` writes.
    private var snapshotPath: String {
        (store?.path ?? "") + "/" + StoreFileName.snapshot(1)
    }

    /// Writes `payload` as snapshot 1 of a fresh store and restores it as open does.
    private func restore(_ payload: [UInt8], shape: SnapshotChunks.Shape = .standard) async throws
        -> (CopyState, ReadIndexes)
    {
        let url = temporaryStore()
        store = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let directory = try StoreDirectory.open(at: url.path)
        defer { directory.close() }
        try await SnapshotWriter(directory: directory).write(payload, segment: 1)
        return try SnapshotReplay.restore(try SnapshotReader(directory: directory).stream(segment: 1), shape: shape)
    }

    /// Asserts that restoring `payload` is refused `store_corrupt` naming the snapshot's file, and answers the
    /// payload offset the error names.
    @discardableResult
    private func assertRefusedStoreCorrupt(
        _ payload: [UInt8], shape: SnapshotChunks.Shape = .standard, file: StaticString = #filePath, line: UInt = #line
    ) async -> Int64? {
        do {
            _ = try await restore(payload, shape: shape)
            XCTFail("expected store_corrupt", file: file, line: line)
        } catch {
            guard case .storeCorrupt(let path, let offset, _)? = error as? MarfaError else {
                XCTFail("expected store_corrupt, got \(error)", file: file, line: line)
                return nil
            }
            XCTAssertEqual(path, snapshotPath, file: file, line: line)
            return offset
        }
        return nil
    }

    /// Restoring a snapshot batch by batch gives the state that was written and indexes holding every item
    /// what was written survives a restart).
    func testRestoreGivesTheWrittenStateAndIndexesOverEveryItem() async throws {
        let state = seededState(items: 9000, changes: 3000)
        XCTAssertGreaterThan(state.edges.count, 0, "the witness: the snapshot holds edges as well as items")
        let (restored, indexes) = try await restore(StoreChange.encode(state.asChanges))
        XCTAssertEqual(restored, state)
        try indexes.checkInvariants(state: restored)
        for id in restored.items.keys { XCTAssertNotNil(restored.items.row(of: id), "no row for \(id)") }
    }

    /// A snapshot of one zstd frame without a trailer, as builds before Decision 0036 wrote them, still restores
    /// exactly when streamed (Q-1: what was written survives a restart and an upgrade).
    func testASnapshotOfOneFrameWithoutATrailerStillRestores() async throws {
        let state = seededState(items: 3000, changes: 2000)
        let payload = StoreChange.encode(state.asChanges)
        let url = temporaryStore()
        store = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let directory = try StoreDirectory.open(at: url.path)
        defer { directory.close() }
        let header = SnapshotHeader(
            segment: 1, payloadLength: UInt64(payload.count), payloadChecksum: CRC32C.checksum(payload))
        try Data(header.encoded() + (try Zstd.compress(payload))).write(to: URL(fileURLWithPath: snapshotPath))
        let (restored, indexes) = try SnapshotReplay.restore(try SnapshotReader(directory: directory).stream(segment: 1))
        XCTAssertEqual(restored, state)
        try indexes.checkInvariants(state: restored)
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
    /// what was written survives a restart and an upgrade).
    func testASnapshotWithItsItemsBeforeItsEdgesStillRestoresExactly() async throws {
        let state = seededState(items: 3000, changes: 4000)
        let changes = state.asChanges
        let metadata = changes.filter { !Self.isEdge($0) && !Self.isItem($0) && !Self.isAfterEdges($0) }
        let older =
            metadata + changes.filter(Self.isItem) + changes.filter(Self.isEdge) + changes.filter(Self.isAfterEdges)
        XCTAssertNotEqual(older, changes, "the witness: the older order differs from today's")
        let (restored, indexes) = try await restore(StoreChange.encode(older))
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.edgesFrom, state.edgesFrom)
        XCTAssertEqual(restored.edgesTo, state.edgesTo)
        XCTAssertEqual(restored.edgesOfType, state.edgesOfType)
        try indexes.checkInvariants(state: restored)
    }

    /// An item change after the edges (an order snapshots never have, as a journal replay does) ends with
    /// indexes that match.
    func testAnItemChangeAfterTheEdgesStillEndsWithMatchingIndexes() async throws {
        let state = seededState(items: 3000, changes: 1500)
        var generator = SeededChanges(seed: 77)
        let late = generator.item(id: generator.id())
        let gone = try XCTUnwrap(state.items.keys.first)
        let changes = state.asChanges + [.putItem(late), .removeItem(id: gone)]
        let (restored, indexes) = try await restore(StoreChange.encode(changes))
        try indexes.checkInvariants(state: restored)
        XCTAssertNotNil(restored.items.row(of: late.id))
        XCTAssertNil(restored.items.row(of: gone))
    }

    /// Edges interleaved with other changes (an extension, an edge removal and an item between two runs of edges)
    /// restore to the state, adjacency included, that applying the changes in order gives.
    func testEdgesInterleavedWithOtherChangesRestoreAsAppliedInOrder() async throws {
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
        let (restored, indexes) = try await restore(StoreChange.encode(mixed))
        XCTAssertEqual(restored, expected)
        XCTAssertNil(restored.edges[firstEdge.id], "the removal after the first run of edges is applied")
        XCTAssertEqual(restored.edgesFrom, expected.edgesFrom)
        XCTAssertEqual(restored.edgesTo, expected.edgesTo)
        XCTAssertEqual(restored.edgesOfType, expected.edgesOfType)
        try indexes.checkInvariants(state: restored)
    }

    /// A payload cut inside its run of edges is refused `store_corrupt` naming the snapshot's path, though the
    /// edges may be decoded on the second thread.
    func testAPayloadCutInsideItsEdgesIsRefusedStoreCorruptNamingThePath() async {
        let changes = seededState(items: 2000, changes: 2000).asChanges
        let edgesLast = changes.filter { !Self.isEdge($0) } + changes.filter(Self.isEdge)
        XCTAssertTrue(edgesLast.last.map(Self.isEdge) ?? false, "the witness: the payload ends inside its edges")
        await assertRefusedStoreCorrupt(Array(StoreChange.encode(edgesLast).dropLast(7)))
    }

    /// A snapshot many pieces long, its edges first, restores to the written state, each item at the row it had, in
    /// payload order, whichever thread decoded each piece (Q-1, Decision 0052).
    func testItemsOfManyPiecesRestoreInPayloadOrder() async throws {
        let state = seededState(items: 6000, changes: 3000)
        let payload = StoreChange.encode(state.asChanges)
        XCTAssertGreaterThan(
            payload.count, 4 * SnapshotChunks.Shape.standard.pieceBytes, "the witness: the payload spans pieces")
        let (restored, indexes) = try await restore(payload)
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.items.rows.map(\.item.id), state.items.values.map(\.id))
        try indexes.checkInvariants(state: restored)
    }

    /// Shapes that drive both threads through every path: pieces smaller than one change (each piece a grown buffer),
    /// the producing thread claiming any piece, the first included (the applying thread then waits for it), and few
    /// pieces ahead; each restores the written state exactly (Q-1, Decision 0052).
    private static let eagerShapes = [
        SnapshotChunks.Shape(pieceBytes: 7, piecesAhead: 12, claimDepth: 0),
        SnapshotChunks.Shape(pieceBytes: 64, piecesAhead: 2, claimDepth: 0),
        SnapshotChunks.Shape(pieceBytes: 4096, piecesAhead: 3, claimDepth: 1),
    ]

    func testEveryShapeOfPiecesRestoresTheWrittenState() async throws {
        let state = seededState(items: 1500, changes: 800)
        let payload = StoreChange.encode(state.asChanges)
        for shape in Self.eagerShapes {
            let (restored, indexes) = try await restore(payload, shape: shape)
            XCTAssertEqual(restored, state, "\(shape)")
            XCTAssertEqual(restored.items.rows.map(\.item.id), state.items.values.map(\.id), "\(shape)")
            try indexes.checkInvariants(state: restored)
        }
    }

    /// An item whose state byte is no state decodes only when read in full (stepping over it passes): whichever
    /// thread decodes it, the restore is refused `store_corrupt` at the offset the whole-payload decoder names.
    func testABadStateByteIsRefusedAtItsOffsetWhicheverThreadReadsIt() async throws {
        let time = "2026-01-02T03:04:05.006Z"
        func note(_ state: ItemState) -> Item {
            Item(
                id: "0190a1b2-0000-7000-8000-000000000001", type: "core.note", properties: ["title": .string("t")],
                state: state, occurredAt: time, createdAt: time, updatedAt: time)
        }
        let active = StoreChange.encode([.putItem(note(.active))])
        let trashed = StoreChange.encode([.putItem(note(.trashed))])
        let differing = zip(active, trashed).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        XCTAssertEqual(differing.count, 1, "the witness: the two items differ in their state byte alone")
        // Within `active`, the item starts after the one-byte count 1.
        let stateByte = try XCTUnwrap(differing.first) - 1
        var changes = seededState(items: 1500, changes: 0).asChanges
        let position = changes.count - 200
        changes.insert(.putItem(note(.active)), at: position)
        var payload = StoreChange.encode(changes)
        func varintBytes(_ value: Int) -> Int {
            var writer = ByteWriter(capacity: 4)
            writer.write(varint: UInt64(value))
            return writer.bytes.count
        }
        let itemStart =
            varintBytes(changes.count) + StoreChange.encode(Array(changes[..<position])).count - varintBytes(position)
        XCTAssertEqual(Array(payload[itemStart..<(itemStart + active.count - 1)]), Array(active.dropFirst()))
        payload[itemStart + stateByte] = 0xEE
        let expected: Int64?
        do {
            _ = try StoreChange.decode(payload)
            expected = nil
        } catch {
            guard case .storeCorrupt(_, let offset, _) = error else { return XCTFail("\(error)") }
            expected = offset
        }
        XCTAssertEqual(expected, Int64(itemStart + stateByte), "the whole-payload decoder names the state byte")
        for shape in [SnapshotChunks.Shape.standard] + Self.eagerShapes {
            let offset = await assertRefusedStoreCorrupt(payload, shape: shape)
            XCTAssertEqual(offset, expected, "\(shape)")
        }
    }

    /// A change other than an item among the items (an extension, a removal) restores as applied in order.
    func testAnotherChangeAmongTheFirstItemsRestoresAsAppliedInOrder() async throws {
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
        let (restored, indexes) = try await restore(StoreChange.encode(mixed))
        XCTAssertEqual(restored, expected)
        try indexes.checkInvariants(state: restored)
    }

    /// A payload cut inside its last items is refused `store_corrupt` naming the path.
    func testAPayloadCutInsideItsLastItemsIsRefusedStoreCorrupt() async throws {
        let changes = seededState(items: 3000, changes: 1500).asChanges
        let itemsLast = changes.filter { !Self.isAfterEdges($0) }
        XCTAssertTrue(itemsLast.last.map(Self.isItem) ?? false, "the witness: the payload ends inside its items")
        XCTAssertGreaterThan(itemsLast.filter(Self.isEdge).count, 0, "the witness: the items follow a run of edges")
        await assertRefusedStoreCorrupt(Array(StoreChange.encode(itemsLast).dropLast(7)))
    }

    /// A malformed payload is refused `store_corrupt` naming the snapshot's path.
    func testAMalformedPayloadIsRefusedStoreCorruptNamingThePath() async {
        let bytes = StoreChange.encode(seededState(items: 3000, changes: 0).asChanges)
        await assertRefusedStoreCorrupt(Array(bytes.dropLast(7)))
        let valid = StoreChange.encode([.setCursor("c")])
        let offset = await assertRefusedStoreCorrupt(valid + [0xEE])
        XCTAssertEqual(offset, Int64(valid.count + 1), "the offset in the payload, just past the unknown tag")
    }

    /// A payload that says it holds more changes, or fewer, than it does is refused `store_corrupt`.
    func testAPayloadWhoseChangeCountIsWrongIsRefusedStoreCorrupt() async {
        let changes = seededState(items: 500, changes: 0).asChanges
        var written = ByteWriter(capacity: 4)
        written.write(varint: UInt64(changes.count))
        let body = Array(StoreChange.encode(changes).dropFirst(written.bytes.count))
        for claimed in [changes.count - 1, changes.count + 1] {
            var count = ByteWriter(capacity: 4)
            count.write(varint: UInt64(claimed))
            await assertRefusedStoreCorrupt(count.bytes + body)
        }
    }

    /// A payload whose checksum does not match leaves the restore as the stream's `StorageError` (store_corrupt
    /// naming the file), the error recovery passes over to an older snapshot; a `MarfaError` would stop recovery
    /// instead (Decision 0052).
    func testAChecksumMismatchIsTheStreamsStorageError() async throws {
        let url = temporaryStore()
        store = url
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let directory = try StoreDirectory.open(at: url.path)
        defer { directory.close() }
        try await SnapshotWriter(directory: directory).write(
            StoreChange.encode(seededState(items: 300, changes: 0).asChanges), segment: 1)
        let written = Array(try Data(contentsOf: URL(fileURLWithPath: snapshotPath)))
        var header = try written.withUnsafeBytes { try SnapshotHeader.decode($0, path: snapshotPath) }
        header.payloadChecksum ^= 1
        try Data(header.encoded() + written.dropFirst(SnapshotHeader.size)).write(to: URL(fileURLWithPath: snapshotPath))
        do {
            _ = try SnapshotReplay.restore(try SnapshotReader(directory: directory).stream(segment: 1))
            XCTFail("a payload failing its checksum was restored")
        } catch let error as StorageError {
            XCTAssertEqual(error.code, StorageError.storeCorrupt)
            XCTAssertEqual(error.path, snapshotPath)
        } catch {
            XCTFail("expected the stream's StorageError, got \(error)")
        }
    }

    /// An unknown tag among the first changes of a payload of many pieces is refused `store_corrupt` at its own
    /// offset in the payload (the cutter refuses it at once rather than reading on for a change cut short,
    /// Decision 0052).
    func testAnUnknownTagInsideThePayloadIsRefusedAtItsOffset() async {
        let changes = seededState(items: 3000, changes: 0).asChanges
        let head = StoreChange.encode(Array(changes.prefix(10)))
        var tail = StoreChange.encode(Array(changes.dropFirst(10)))
        var count = ByteWriter(capacity: 4)
        count.write(varint: UInt64(changes.count - 10))
        tail.removeFirst(count.bytes.count)
        var whole = ByteWriter(capacity: 4)
        whole.write(varint: UInt64(changes.count))
        var headCount = ByteWriter(capacity: 4)
        headCount.write(varint: 10)
        let offset = await assertRefusedStoreCorrupt(
            whole.bytes + Array(head.dropFirst(headCount.bytes.count)) + [0xEE] + tail)
        XCTAssertEqual(offset, Int64(whole.bytes.count + head.count - headCount.bytes.count + 1))
    }

    /// A change longer than a piece of the pipeline (an item whose body is several pieces long) restores whole,
    /// between pieces of ordinary items.
    func testAChangeLongerThanAPieceRestoresWhole() async throws {
        var state = seededState(items: 2000, changes: 0)
        var generator = SeededChanges(seed: 79)
        let plain = generator.item(id: generator.id())
        let body = String(repeating: "long body ", count: 3 * SnapshotChunks.Shape.standard.pieceBytes / 10)
        let big = Item(
            id: plain.id, type: "core.note", properties: ["title": .string("long"), "body": .string(body)],
            state: .active, tier: .library, version: 1, source: "seed", sourceId: nil, occurredAt: plain.occurredAt,
            createdAt: plain.createdAt, updatedAt: plain.updatedAt, tags: [])
        state.apply(.putItem(big))
        for _ in 0..<2000 { state.apply(.putItem(generator.item(id: generator.id()))) }
        let (restored, indexes) = try await restore(StoreChange.encode(state.asChanges))
        XCTAssertEqual(restored, state)
        XCTAssertEqual(restored.items[big.id], big)
        try indexes.checkInvariants(state: restored)
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
