import Foundation
import Marfa
import XCTest

final class UpdateCoalescerTests: XCTestCase {
    private func parts(_ update: CopyUpdate?, file: StaticString = #filePath, line: UInt = #line) -> Reread.Parts? {
        guard case .parts(let parts) = update?.reread else {
            XCTFail("expected named parts, got \(String(describing: update))", file: file, line: line)
            return nil
        }
        return parts
    }

    func testTheFirstUpdateAsksToReadEverything_F114() {
        var coalescer = UpdateCoalescer(connection: .connecting)
        XCTAssertTrue(coalescer.hasWaitingUpdate)
        coalescer.record(.rows(ChangedRows(items: ["a"])))
        XCTAssertEqual(coalescer.take(), CopyUpdate(reread: .everything, connection: .connecting))
        XCTAssertNil(coalescer.take(), "nothing changed since")
    }

    func testLaterUpdatesNameWhatChangedSinceTheOneBefore_F114_F118() {
        var coalescer = UpdateCoalescer(connection: .following)
        _ = coalescer.take()
        coalescer.record(.rows(ChangedRows(items: ["a"], edges: ["e"])))
        coalescer.record(.queue)
        let first = parts(coalescer.take())
        XCTAssertEqual(first, Reread.Parts(rows: ChangedRows(items: ["a"], edges: ["e"]), queue: true))
        coalescer.record(.rows(ChangedRows(removedItems: ["b"], removedEdges: ["f"])))
        coalescer.record(.catalog)
        XCTAssertEqual(
            parts(coalescer.take()),
            Reread.Parts(rows: ChangedRows(removedItems: ["b"], removedEdges: ["f"]), catalog: true),
            "only what changed after the first was delivered")
    }

    func testAtMostOneUpdateWaitsHoldingEveryChange_F115() {
        var coalescer = UpdateCoalescer(connection: .following)
        _ = coalescer.take()
        coalescer.record(.rows(ChangedRows(items: ["a", "b"])))
        coalescer.record(.connection(.offline(.network(message: "down"))))
        coalescer.record(.rows(ChangedRows(items: ["b", "c"], removedItems: ["a"])))
        coalescer.record(.views)
        coalescer.record(.connection(.following))
        coalescer.record(.rows(ChangedRows(items: ["a"], edges: ["e"], removedEdges: ["e"])))
        let update = coalescer.take()
        XCTAssertEqual(
            parts(update),
            Reread.Parts(rows: ChangedRows(items: ["a", "b", "c"], removedEdges: ["e"]), views: true))
        XCTAssertEqual(update?.connection, .following, "the latest connection")
        XCTAssertNil(coalescer.take(), "the merged update was the only one waiting")
    }

    func testMoreThanAThousandChangedItemsOrEdgesAskForEverything_F115() {
        var coalescer = UpdateCoalescer(connection: .following)
        _ = coalescer.take()
        coalescer.record(.rows(ChangedRows(items: (0..<600).map { "i\($0)" })))
        coalescer.record(.rows(ChangedRows(removedEdges: (0..<400).map { "e\($0)" })))
        coalescer.record(.rows(ChangedRows(items: ["i0", "i1"])))
        XCTAssertEqual(parts(coalescer.take())?.rows.items.count, 600, "witness: 1,000 rows are still named")

        coalescer.record(.rows(ChangedRows(items: (0..<600).map { "i\($0)" })))
        coalescer.record(.queue)
        coalescer.record(.rows(ChangedRows(edges: (0..<401).map { "e\($0)" })))
        XCTAssertEqual(coalescer.take()?.reread, .everything)
        coalescer.record(.rows(ChangedRows(items: ["x"])))
        XCTAssertEqual(parts(coalescer.take())?.rows, ChangedRows(items: ["x"]), "named again after everything")
    }

    func testAnUpdateCanNameNothingWhenOnlyTheConnectionFillOrLastSyncChanged_F116() throws {
        var coalescer = UpdateCoalescer(connection: .connecting)
        _ = coalescer.take()
        coalescer.record(.connection(.following))
        let connected = try XCTUnwrap(coalescer.take())
        XCTAssertTrue(connected.reread.isEmpty)
        XCTAssertEqual(connected.connection, .following)

        coalescer.record(.fill(FillProgress(listed: 50, expected: 200)))
        XCTAssertEqual(coalescer.take()?.fill?.fraction, 0.25)
        let synced = Date(timeIntervalSince1970: 1_800_000_000)
        coalescer.record(.fill(nil))
        coalescer.record(.lastSynced(synced))
        let done = try XCTUnwrap(coalescer.take())
        XCTAssertTrue(done.reread.isEmpty)
        XCTAssertNil(done.fill)
        XCTAssertEqual(done.lastSynced, synced)
    }

    func testAChangeUndoneBeforeTheAppReadsIsNoUpdate_F116() {
        var coalescer = UpdateCoalescer(connection: .following)
        _ = coalescer.take()
        coalescer.record(.connection(.offline(.network(message: "blip"))))
        XCTAssertTrue(coalescer.hasWaitingUpdate, "witness: the blip alone waits")
        coalescer.record(.connection(.following))
        XCTAssertFalse(coalescer.hasWaitingUpdate)
        XCTAssertNil(coalescer.take())
    }

    func testARefillAsksForEverythingAndSwallowsWhatWasNamed_F114() {
        var coalescer = UpdateCoalescer(connection: .following)
        _ = coalescer.take()
        coalescer.record(.rows(ChangedRows(items: ["a"])))
        coalescer.record(.everything)
        coalescer.record(.rows(ChangedRows(items: ["b"])))
        coalescer.record(.queue)
        XCTAssertEqual(coalescer.take()?.reread, .everything)
        XCTAssertNil(coalescer.take())
    }

    func testRereadIsEmptyOnlyWhenItNamesNothing_F110() {
        XCTAssertFalse(Reread.everything.isEmpty)
        XCTAssertTrue(Reread.parts(Reread.Parts()).isEmpty)
        XCTAssertFalse(Reread.parts(Reread.Parts(queue: true)).isEmpty)
        XCTAssertFalse(Reread.parts(Reread.Parts(rows: ChangedRows(removedEdges: ["e"]))).isEmpty)
    }

    func testFillProgressFractionIsListedOverExpectedWhenKnown_F112() {
        XCTAssertNil(FillProgress(listed: 10, expected: nil).fraction)
        XCTAssertEqual(FillProgress(listed: 300, expected: 200).fraction, 1)
        XCTAssertEqual(FillProgress(listed: 0, expected: 0).fraction, 1)
    }
}
