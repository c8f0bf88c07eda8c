import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// A pinned row the instance no longer lets the key read, as the engine judges it (WC-39, issue 28 point 23,
/// Decision 0108): the pin stays and the copy holds nothing for it, whether or not the fill cleared the rows first.
final class UnreadablePinTests: XCTestCase {
    private let pinned = "0190a1b2-0000-7000-8000-0000000000b1"
    private let target = "0190a1b2-0000-7000-8000-0000000000b2"
    private let time = "2026-01-02T03:04:05.006Z"

    func testARefreshWithNoReadableRowDropsTheRowAndItsEdgesAndKeepsThePin_WC39_Issue28_23() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        let row = Item(
            id: pinned, type: "core.task", properties: ["title": "outside"], version: 1, occurredAt: time,
            createdAt: time, updatedAt: time)
        let edge = Edge(
            id: "0190a1b2-0000-7000-8000-0000000000e1", sourceId: pinned, targetId: target, edgeType: "references",
            version: 1, createdAt: time, updatedAt: time)
        _ = try await copy.pin(pinned, fetched: FetchedRow(item: row, edges: [edge]))
        let held = await copy.state.items[pinned]
        XCTAssertNotNil(held, "witness: the pin holds the row")

        try await copy.refreshPinned(pinned, fetched: nil)
        let dropped = await copy.state.items[pinned]
        XCTAssertNil(dropped, "the copy holds no row the key can no longer read")
        let edges = await copy.state.edges.edges(from: pinned)
        XCTAssertEqual(edges, [], "its outbound edges go with it")
        let pins = await copy.pinnedIds()
        XCTAssertEqual(pins, [pinned], "the pin stays")
        await copy.close()
    }
}
