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

    /// A state of 40 notes titled with `alpha` and either `gamma` or `delta`.
    private func seeded() -> (CopyState, ReadIndexes) {
        var state = CopyState()
        var indexes = ReadIndexes()
        for number in 0..<40 {
            let title = "alpha \(number % 3 == 0 ? "gamma" : "delta") \(number)"
            CopyActor.apply(.putItem(note(number, title)), to: &state, indexes: &indexes)
        }
        return (state, indexes)
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
            .putItem(note(4, "alpha delta 4 delta")),
        ]
        for change in writes { CopyActor.apply(change, to: &state, indexes: &indexes) }

        let built = try XCTUnwrap(warmUp.index(of: captured))
        XCTAssertTrue(indexes.installWords(built, token: warmUp.token))
        indexes.buildWords(state: state)
        var fresh = ReadIndexes()
        fresh.buildWords(state: state)
        let warmed = try XCTUnwrap(indexes.words)
        let rebuilt = try XCTUnwrap(fresh.words)
        for word in ["alpha", "beta", "gamma", "delta", "epsilon", "1", "2", "3", "4"] {
            let bytes = Array(word.utf8)
            XCTAssertEqual(warmed.postings(of: bytes).rows, rebuilt.postings(of: bytes).rows, word)
            XCTAssertEqual(warmed.postings(of: bytes).counts, rebuilt.postings(of: bytes).counts, word)
        }
        XCTAssertEqual(warmed.rowCount, rebuilt.rowCount)
        XCTAssertEqual(warmed.totalLength, rebuilt.totalLength)
        XCTAssertEqual(warmed.postings(of: Array("beta".utf8)).count, 2, "witness: the writes reached the index")
        try warmed.checkInvariants()
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

    /// A copy opened through the public API warms its index in the background, and its first search answers as a
    /// copy that builds it on the actor (WC-52, seed 000 "Read items").
    func testAnOpenedCopySearchesItsWarmedIndex_WC52() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("warm-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = folder.appendingPathComponent("store")
        let first = try await CopyActor.open(at: store, origin: nil)
        for number in 0..<300 {
            let title = "alpha \(number % 7 == 0 ? "gamma" : "delta") \(number)"
            try await first.commit([.putItem(note(number, title))])
        }
        let expected = try await first.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        await first.close()

        let copy = try await CopyActor.open(at: store, origin: nil)
        await copy.warmTextIndex()
        let warming = await copy.textIndexWarmUp != nil
        XCTAssertTrue(warming, "the warm-up started")
        try await copy.commit([.putItem(note(0, "alpha delta 0"))])
        let hits = try await copy.search("gamma", filters: SearchFilters(), limit: 100).rows.map(\.item.id)
        XCTAssertEqual(hits, Array(expected.filter { $0 != note(0, "").id }))
        XCTAssertEqual(hits.count, expected.count - 1, "witness: the write made while warming is seen")
        await copy.close()
    }
}
