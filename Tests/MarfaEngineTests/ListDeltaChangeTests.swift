import Foundation
@testable import MarfaEngine
import MarfaRules
import XCTest

/// Pins and owed read-backs change by deltas (change tags 20 to 23, issue 27.1): each names one id, so two changes
/// judged apart cannot undo each other; stores written before hold whole lists (tags 13, 18, 19), which still replay.
final class ListDeltaChangeTests: XCTestCase {
    private func store(_ name: String = #function) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("list-deltas-\(name.filter(\.isLetter))-\(UUID().uuidString)")
            .appendingPathComponent("copy.marfa")
    }

    func testDeltasRoundTripThroughTheCodecAndApplyOnce_Issue27_1() throws {
        let changes: [StoreChange] = [
            .addPin("a"), .addPin("b"), .addPin("a"), .removePin("b"), .owe(.item("i")), .owe(.item("i")),
            .owe(.edge("e")), .settleOwed(.item("i")), .owe(.item("j")),
        ]
        XCTAssertEqual(try StoreChange.decode(StoreChange.encode(changes)), changes)
        var state = CopyState()
        for change in changes { state.apply(change) }
        XCTAssertEqual(state.pins, ["a"], "an id pinned twice is pinned once; a removed pin goes")
        XCTAssertEqual(state.owedReadBacks, ["j"], "owing twice owes once; a settled read goes")
        XCTAssertEqual(state.owedEdgeReadBacks, ["e"])
    }

    func testAStoreWithWholeListChangesReplaysAndTakesDeltasOnTop_Issue27_1() async throws {
        let url = store()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit([.setPins(["a", "b"]), .setOwedReadBacks(["i", "j"]), .setOwedEdgeReadBacks(["e"])])
        let wholeList = StoreChange.encode([.setPins(["a"])])
        XCTAssertEqual(wholeList[1], 13, "witness: a whole pin list is still written with its old tag")
        await copy.close()

        let reopened = try await CopyActor.open(at: url, origin: nil)
        let replayed = await reopened.state
        XCTAssertEqual(replayed.pins, ["a", "b"], "the old whole-list tags replay")
        XCTAssertEqual(replayed.owedReadBacks, ["i", "j"])
        try await reopened.commit([.removePin("a"), .addPin("c"), .settleOwed(.item("i")), .settleOwed(.edge("e"))])
        await reopened.close()

        let again = try await CopyActor.open(at: url, origin: nil)
        let state = await again.state
        XCTAssertEqual(state.pins, ["b", "c"], "deltas replay on top of a whole list")
        XCTAssertEqual(state.owedReadBacks, ["j"])
        XCTAssertEqual(state.owedEdgeReadBacks, [])
        await again.close()
    }
}
