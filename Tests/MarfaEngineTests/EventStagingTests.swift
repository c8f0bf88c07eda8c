import Foundation
@testable import MarfaEngine
import MarfaRules
import XCTest

/// `CopyActor.stageEvent` (issue 27.1, Decision 0083): an event that brings a never-held row into the slice asks for
/// the row's edges and changes nothing until they are handed in (WC-25); a created row needs none.
final class EventStagingTests: XCTestCase {
    private let time = "2026-01-02T03:04:05.006Z"

    private func row(_ id: String) -> Item {
        Item(
            id: id, type: "core.note", properties: ["title": "theirs"], version: 2, occurredAt: time, createdAt: time,
            updatedAt: time)
    }

    private func openCopy(_ name: String = #function) async throws -> (CopyActor, URL) {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("event-staging-\(name.filter(\.isLetter))-\(UUID().uuidString)")
            .appendingPathComponent("copy.marfa")
        let copy = try await CopyActor.open(at: url, origin: nil)
        try await copy.commit([.setSlice(Slice(types: ["core.note"], tier: .all, edgeTypes: []))])
        return (copy, url)
    }

    func testARowEnteringTheSliceAsksForItsEdgesThenTakesThem_WC25() async throws {
        let (copy, url) = try await openCopy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let id = "0190a1b2-0000-7000-8000-0000000000c1"
        let edge = Edge(
            id: "0190a1b2-0000-7000-8000-0000000000e1", sourceId: id, targetId: "0190a1b2-0000-7000-8000-0000000000c2",
            edgeType: "references", version: 1, createdAt: time, updatedAt: time)
        let event = LogEvent.item(.itemUpdated, row(id), nil)

        let first = try await copy.stageEvent(event, cursor: "5", enteringEdges: nil, origin: .housekeeping)
        guard case .needsEdges(let asked) = first else { return XCTFail("an entering row asks for its edges") }
        XCTAssertEqual(asked, id)
        let untouched = await copy.state
        XCTAssertNil(untouched.items[id], "nothing changes before the edges are in")
        XCTAssertNil(untouched.cursor)

        let second = try await copy.stageEvent(event, cursor: "5", enteringEdges: [edge], origin: .housekeeping)
        guard case .staged(let commit?, skipped: false) = second else { return XCTFail("then it is staged") }
        try await copy.settle([commit])
        let state = await copy.state
        XCTAssertEqual(state.items[id]?.version, 2)
        XCTAssertEqual(state.edges[edge.id]?.targetId, edge.targetId)
        XCTAssertEqual(state.cursor, "5")
        await copy.close()
    }

    func testACreatedRowEntersWithoutAskingForEdges_WC25() async throws {
        let (copy, url) = try await openCopy()
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let id = "0190a1b2-0000-7000-8000-0000000000c3"
        let staging = try await copy.stageEvent(
            .item(.itemCreated, row(id), nil), cursor: "6", enteringEdges: nil, origin: .housekeeping)
        guard case .staged(let commit?, skipped: false) = staging else { return XCTFail("a created row is staged") }
        try await copy.settle([commit])
        let held = await copy.state.items[id]
        XCTAssertNotNil(held)
        await copy.close()
    }
}
