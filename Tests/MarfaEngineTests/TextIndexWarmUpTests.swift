import Dispatch
import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// The word index built off the actor from the state as it was when the build began is brought current with the
/// writes made while it ran, and a build overtaken by a reset or a build on the actor is not taken (Decision 0054).
final class TextIndexWarmUpTests: XCTestCase {
    private func note(_ number: Int, _ title: String, state: ItemState = .active) -> Item {
        let time = "2026-01-02T03:04:05.006Z"
        return Item(
            id: String(format: "0190a1b2-0000-7000-8000-%012x", number), type: "core.note",
            properties: ["title": .string(title)], state: state, occurredAt: time, createdAt: time, updatedAt: time)
    }

    /// A state of 40 notes titled with `alpha` and either `gamma` or `delta`, note 6 in the bin.
    private func seeded() -> (CopyState, ReadIndexes) {
        var state = CopyState()
        var indexes = ReadIndexes()
        for number in 0..<40 {
            let title = "alpha \(number % 3 == 0 ? "gamma" : "delta") \(number)"
            let item = note(number, title, state: number == 6 ? .trashed : .active)
            CopyActor.apply(.putItem(item), to: &state, indexes: &indexes)
        }
        return (state, indexes)
    }

    /// Asserts that `indexes`' word index holds what a build from scratch over `state` holds, for `words`.
    private func assertSameWords(
        _ indexes: ReadIndexes, as state: CopyState, words: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var fresh = ReadIndexes()
        fresh.buildWords(state: state)
        let built = try XCTUnwrap(indexes.words, file: file, line: line)
        let rebuilt = try XCTUnwrap(fresh.words, file: file, line: line)
        try assertSameWordIndex(built, as: rebuilt, words: words, file: file, line: line)
    }

    /// WC-52: search sees every write; the ones made while the index was being built reach it through the rows
    /// they noted.
    func testWritesMadeWhileTheWarmUpRanReachItsIndex_WC52() throws {
        var (state, indexes) = seeded()
        let warmUp = TextIndexWarmUp(token: 7)
        indexes.expectWords(token: warmUp.token)
        let captured = state
        let writes: [StoreChange] = [
            .putItem(note(1, "beta gamma")), .putItem(note(41, "beta epsilon")),
            .removeItem(id: note(2, "").id), .putItem(note(3, "alpha gamma 3", state: .trashed)),
            .putItem(note(4, "alpha delta 4 delta")), .putItem(note(6, "alpha zeta restored")),
            .removeItem(id: note(7, "").id), .putItem(note(50, "omega reused")),
        ]
        for change in writes { CopyActor.apply(change, to: &state, indexes: &indexes) }

        let built = try XCTUnwrap(warmUp.index(of: captured))
        XCTAssertTrue(indexes.installWords(built, token: warmUp.token))
        indexes.buildWords(state: state)
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "omega", "1", "2", "3", "4", "6", "7"]
        try assertSameWords(indexes, as: state, words: words)
        XCTAssertEqual(indexes.words?.postings(of: Array("beta".utf8)).count, 2, "witness: the writes reached it")
    }

    /// Rows noted for a warm-up past the stale limit give it up instead of building on the write; the next search
    /// builds from the state as it is then.
    func testTooManyRowsWrittenWhileWarmingGiveTheWarmUpUp() throws {
        var (state, indexes) = seeded()
        indexes.staleRowLimit = 4
        let warmUp = TextIndexWarmUp(token: 9)
        indexes.expectWords(token: warmUp.token)
        let captured = state
        for number in 0..<6 {
            CopyActor.apply(.putItem(note(number, "beta \(number)")), to: &state, indexes: &indexes)
        }
        XCTAssertNil(indexes.pendingWordsToken, "given up past the limit")
        XCTAssertEqual(indexes.staleWordRowCount, 0, "its rows let go")
        XCTAssertNil(indexes.words, "nothing built on the write")
        XCTAssertFalse(indexes.installWords(try XCTUnwrap(warmUp.index(of: captured)), token: warmUp.token))
        indexes.buildWords(state: state)
        try assertSameWords(indexes, as: state, words: ["alpha", "beta", "gamma", "delta", "5"])
    }

    /// A first build filing its postings a few at a time holds what one filing them all at once holds.
    func testABuildInSmallBatchesHoldsTheSame() throws {
        let (state, _) = seeded()
        var small = WordIndex()
        XCTAssertTrue(small.insert(contentsOf: ReadIndexes.searchableRows(state), unless: { false }, batchCapacity: 7))
        var whole = WordIndex()
        whole.insert(contentsOf: ReadIndexes.searchableRows(state))
        try assertSameWordIndex(small, as: whole, words: ["alpha", "gamma", "delta", "1", "39"])
        XCTAssertEqual(small.postings(of: Array("alpha".utf8)).count, 39, "witness: every row out of the bin")
    }

    /// A build that began before a catalog change, or that a build on the actor overtook, is not taken.
    func testAnOvertakenWarmUpIsNotTaken() throws {
        var (state, indexes) = seeded()
        let warmUp = TextIndexWarmUp(token: 3)
        indexes.expectWords(token: warmUp.token)
        let captured = state
        let titled = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "title")], edgeTypes: [])
        CopyActor.apply(.setCatalog(titled), to: &state, indexes: &indexes)
        XCTAssertFalse(indexes.installWords(try XCTUnwrap(warmUp.index(of: captured)), token: warmUp.token))
        XCTAssertNil(indexes.words)

        indexes.expectWords(token: 4)
        indexes.buildWords(state: state)
        let onTheActor = try XCTUnwrap(indexes.words)
        XCTAssertFalse(indexes.installWords(WordIndex(), token: 4))
        XCTAssertEqual(indexes.words?.rowCount, onTheActor.rowCount)
    }

    /// A stopped build hands over nothing.
    func testAStoppedWarmUpHandsOverNothing() {
        let (state, _) = seeded()
        let warmUp = TextIndexWarmUp(token: 1)
        XCTAssertNotNil(warmUp.index(of: state), "witness: an unstopped build answers")
        warmUp.stop()
        XCTAssertNil(warmUp.index(of: state))
    }

    /// A store of 300 notes (every seventh titled `gamma`) in `folder`, reopened and warming its index with the
    /// build held by the gate answered; also answers the ids `gamma` found before the reopen.
    private func warmingCopy(in folder: URL) async throws -> (CopyActor, [String], DispatchSemaphore) {
        let store = folder.appendingPathComponent("store")
        let first = try await CopyActor.open(at: store, origin: nil)
        for number in 0..<300 {
            let title = "alpha \(number % 7 == 0 ? "gamma" : "delta") \(number)"
            try await first.commit([.putItem(note(number, title))])
        }
        let expected = try await first.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        await first.close()
        let copy = try await CopyActor.open(at: store, origin: nil)
        let gate = DispatchSemaphore(value: 0)
        await copy.warmTextIndex(gate: gate)
        return (copy, expected, gate)
    }

    /// A fresh folder for a store, removed by the caller.
    private func scratchFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("warm-\(UUID().uuidString)")
    }

    /// A copy warming its index off the actor takes a write while the build is held running, and its first search,
    /// which waits for the build, sees that write (WC-52, seed 000 "Read items").
    func testAWriteMadeWhileWarmingIsSearched_WC52() async throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (copy, expected, gate) = try await warmingCopy(in: folder)
        try await copy.commit([.putItem(note(0, "alpha delta 0"))])
        let indexesWhileHeld = await copy.indexes
        let pending = indexesWhileHeld.pendingWordsToken != nil && indexesWhileHeld.words == nil
        XCTAssertTrue(pending, "the write landed while the build was held")
        gate.signal()
        let hits = try await copy.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        XCTAssertEqual(hits, Array(expected.filter { $0 != note(0, "").id }))
        XCTAssertEqual(hits.count, expected.count - 1, "witness: note 0 no longer holds gamma")
        let warmUpLeft = await copy.textIndexWarmUp != nil
        let built = await copy.indexes.words != nil
        let handedOver = !warmUpLeft && built
        XCTAssertTrue(handedOver)
        await copy.close()
    }

    /// A catalog change while warming makes the build's index unwanted: the build is stopped at the change, and the
    /// first search builds under the new catalog.
    func testACatalogChangeWhileWarmingStopsTheBuild() async throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (copy, expected, gate) = try await warmingCopy(in: folder)
        let titled = CatalogSnapshot(itemTypes: [ItemType(id: "core.note", titleField: "title")], edgeTypes: [])
        try await copy.commit([.setCatalog(titled)])
        let warmUpLeft = await copy.textIndexWarmUp != nil
        let stillExpected = await copy.indexes.pendingWordsToken != nil
        let stopped = !warmUpLeft && !stillExpected
        XCTAssertTrue(stopped, "the build was stopped at the change")
        gate.signal()
        let hits = try await copy.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        XCTAssertEqual(Set(hits), Set(expected))
        await copy.close()
    }
}
