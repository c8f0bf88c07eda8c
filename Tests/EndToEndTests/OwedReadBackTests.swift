import Foundation
@testable import Marfa
@testable import MarfaEngine
import MarfaTestSupport
import XCTest

/// Owed read-backs: a refused write whose read-back could not be made leaves the row owed a read, which every
/// later drain makes before it sends anything, and which any row the instance sends settles.
final class OwedReadBackTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A copy holding the instance's note at version 1, with an edit of it refused and its read-back not made (as
    /// when the instance answered the write and then could not be reached): the copy still shows the edit.
    private func copyOwingARead() async throws -> (WorkingCopy, String) {
        let id = try await harness.createItem(type: "core.note", title: "theirs")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let edit = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        try await copy.engine.markSent(edit.id)
        _ = try await copy.engine.settle(
            edit.id, .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"), readBack: false),
            answer: nil)
        expectEqual(await copy.engine.state.owedReadBacks, [id])
        expectEqual(try await copy.items.get(id)?.properties["title"], "mine", "witness: the refused edit shows")
        return (copy, id)
    }

    func testTheNextDrainReadsAnOwedRowBeforeSendingAndAFailedReadSendsNothing_Q42() async throws {
        let (copy, id) = try await copyOwingARead()
        try await copy.checkpoint()
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectEqual(await reopened.engine.state.owedReadBacks, [id], "owed durably, through a snapshot")
        _ = try await reopened.tags.add("later", to: id)
        let (armed, _) = try await harness.request("POST", "/__reference/faults", body: ["status": 503, "count": 1])
        XCTAssertEqual(armed, 200)
        let unavailable = try await reopened.queue.drain()
        XCTAssertEqual(unavailable.answered, 0, "nothing is sent while the owed read cannot be made")
        XCTAssertNotNil(unavailable.unavailable)
        expectEqual(await reopened.engine.state.owedReadBacks, [id])

        let report = try await reopened.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted], "then the tag goes")
        expectEqual(await reopened.engine.state.owedReadBacks, [])
        let row = try await reopened.items.get(id)
        XCTAssertEqual(row?.properties["title"], "theirs", "the instance's row, read back")
        XCTAssertEqual(row?.tags, ["later"])
        await reopened.close()
    }

    func testARowTheInstanceSendsAnotherWaySettlesTheOwedRead_Q42() async throws {
        let (copy, id) = try await copyOwingARead()
        let (changed, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "newer"]])
        XCTAssertEqual(changed, 200)
        _ = try await copy.catchUp()
        expectEqual(await copy.engine.state.owedReadBacks, [])
        expectEqual(try await copy.items.get(id)?.properties["title"], "theirs")
        expectEqual(try await copy.items.get(id)?.properties["body"], "newer")
        await copy.close()
    }

    func testAnOwedEdgeIsReadBackByTheNextDrain_Q42() async throws {
        let (copy, source) = try await harness.hydratedCopy()
        let edgeId = try await harness.createEdge(from: source, properties: ["note": "theirs"])
        _ = try await copy.catchUp()
        let edit = try await copy.edges.update(edgeId, EdgeEdit(["note": "mine"], baseVersion: 1))
        let write = try XCTUnwrap(edit)
        try await copy.engine.markSent(write.id)
        _ = try await copy.engine.settle(
            write.id, .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"), readBack: false),
            answer: nil)
        expectEqual(await copy.engine.state.owedEdgeReadBacks, [edgeId])
        expectEqual(try await copy.edges.get(edgeId)?.properties["note"], "mine", "witness: the refused edit shows")

        _ = try await copy.queue.drain()
        expectEqual(await copy.engine.state.owedEdgeReadBacks, [])
        expectEqual(try await copy.edges.get(edgeId)?.properties["note"], "theirs", "the instance's edge, read back")
        await copy.close()
    }
}

