import Foundation
import MarfaRules
import XCTest

@testable import MarfaEngine

/// The rows `changes(since:)` names, read in one turn of the actor (seed 003, "changes(since:most:)"): each row
/// once, held rows as changed and rows gone as removed, and no answer for a cursor the log cannot serve.
final class CommittedChangesTests: XCTestCase {
    private let a = "0190a1b2-0000-7000-8000-00000000000a"
    private let b = "0190a1b2-0000-7000-8000-00000000000b"
    private let c = "0190a1b2-0000-7000-8000-00000000000c"
    private let gone = "0190a1b2-0000-7000-8000-0000000000ff"
    private let e1 = "0190a1b2-0000-7000-8000-0000000000e1"
    private let e2 = "0190a1b2-0000-7000-8000-0000000000e2"

    private func item(_ id: String) -> Item {
        Item(id: id, type: "core.note", occurredAt: "2026-01-02T03:04:05.006Z", createdAt: "2026-01-02T03:04:05.006Z", updatedAt: "2026-01-02T03:04:05.006Z")
    }

    private func edge(_ id: String, from source: String, to target: String) -> Edge {
        Edge(
            id: id, sourceId: source, targetId: target, edgeType: "references", properties: [:], version: 1,
            createdAt: "c", updatedAt: "u")
    }

    func testRowsNamedAfterACommitAreJudgedAgainstTheCopyAsItIsNow() async throws {
        let url = temporaryStore()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit([.putItem(item(a)), .putItem(item(b))])
        let start = await copy.committedChanges(after: nil, most: 5).commitCount
        try await copy.commit([.putItem(item(c)), .putEdge(edge(e1, from: a, to: c))])
        try await copy.commit([.putItem(item(c)), .removeItem(id: b), .putEdge(edge(e2, from: a, to: c))])
        try await copy.commit([.removeEdge(id: e2), .removeItem(id: gone)])

        let answer = await copy.committedChanges(after: start, most: 6)
        XCTAssertEqual(answer.commitCount, start + 3)
        XCTAssertEqual(
            answer.rows,
            CommittedChanges.Rows(items: [a, c], edges: [e1], removedItems: [b, gone], removedEdges: [e2]),
            "F144 (seed 003 line 133): a, at one end of the changed edges, is named too")
        let atTheEnd = await copy.committedChanges(after: start + 3, most: 5)
        let noCursor = await copy.committedChanges(after: nil, most: 5)
        let ahead = await copy.committedChanges(after: start + 4, most: 5)
        XCTAssertEqual(atTheEnd.rows?.count, 0, "nothing after the last commit")
        XCTAssertNil(noCursor.rows, "no cursor: read everything")
        XCTAssertNil(ahead.rows, "a cursor ahead of the copy: everything")
        let overMost = await copy.committedChanges(after: start, most: 5)
        XCTAssertNil(overMost.rows, "six rows named, five asked for: everything")
        try await copy.commit([.setCatalog(CatalogSnapshot(itemTypes: [], edgeTypes: []))])
        let afterCatalog = await copy.committedChanges(after: start, most: 100)
        XCTAssertNil(afterCatalog.rows, "a catalog change: everything")
        await copy.close()
    }
}
