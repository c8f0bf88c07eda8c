import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Rows and edges another writer changed while the copy's write to them waited (found by the chaos drill, issue 27
/// point 3; Decision 0096): what the copy shows after a refusal or a withdraw is what the instance lists.
final class ChangedElsewhereTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// The bin's event arrives first; the copy's archive is then refused (`invalid_transition`) and read back. The
    /// read-back must find the row in the bin, not drop it: no later event brings it back.
    func testARefusedWriteOnARowBinnedElsewhereLeavesTheRowInTheCopysBin_Issue27_3_Q42() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        _ = try await copy.items.transition(id, to: .archived)
        let (binned, answer) = try await harness.request("DELETE", "/items/\(id)?version=1")
        XCTAssertEqual(binned, 200, "\(answer)")
        _ = try await copy.catchUp()
        let report = try await copy.queue.drain()
        guard case .refused(let refusal)? = report.verdicts.first?.verdict else {
            return XCTFail("an archive of a row in the bin is refused: \(report.verdicts)")
        }
        XCTAssertEqual(refusal.code, "invalid_transition")
        _ = try await copy.catchUp()
        let held = try await copy.items.get([id], includingBin: true)
        XCTAssertEqual(held.map(\.state), [.trashed], "Q-42: the instance's row, in its bin, as its listing shows")
        XCTAssertEqual(held.first?.version, 1)
        await copy.close()
    }

    /// Withdrawing a write blocked on a row another writer binned shows the instance's row in the bin.
    func testWithdrawingAWriteOnARowBinnedElsewhereShowsTheRowInTheBin_Issue27_3_Q35() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let (edited, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["title": "theirs"]])
        XCTAssertEqual(edited, 200)
        _ = try await copy.items.delete(id)
        let report = try await copy.queue.drain()
        guard case .blocked(.conflictUnresolved, _)? = report.verdicts.first?.verdict else {
            return XCTFail("a delete on a stale version is blocked: \(report.verdicts)")
        }
        let (binned, _) = try await harness.request("DELETE", "/items/\(id)?version=2")
        XCTAssertEqual(binned, 200)
        _ = try await copy.catchUp()
        let withdrawn = try await copy.queue.withdraw(report.verdicts[0].id)
        XCTAssertTrue(withdrawn)
        let held = try await copy.items.get([id], includingBin: true)
        XCTAssertEqual(held.map(\.state), [.trashed], "Q-35: the instance's row, read back from its bin")
        XCTAssertEqual(held.first?.properties["title"], "theirs")
        await copy.close()
    }

    /// Withdrawing an edge edit blocked on a version another writer made shows the instance's edge, not the
    /// withdrawn edit (Q-35; found by the chaos drill, seed 20261206).
    func testWithdrawingABlockedEdgeEditShowsTheInstancesEdge_Issue27_3_Q35() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let edgeId = try await harness.createEdge(from: id, properties: ["w": 1])
        _ = try await copy.catchUp()
        let (edited, _) = try await harness.request(
            "PATCH", "/edges/\(edgeId)", body: ["version": 1, "properties": ["w": 20]])
        XCTAssertEqual(edited, 200)
        _ = try await copy.edges.update(edgeId, EdgeEdit(["w": 16], baseVersion: 1))
        let report = try await copy.queue.drain()
        guard case .blocked(.conflictUnresolved, _)? = report.verdicts.first?.verdict else {
            return XCTFail("an edge edit on a stale version is blocked: \(report.verdicts)")
        }
        _ = try await copy.catchUp()
        let withdrawn = try await copy.queue.withdraw(report.verdicts[0].id)
        XCTAssertTrue(withdrawn)
        let edge = try await copy.edges.get(edgeId)
        XCTAssertEqual(edge?.properties["w"], 20, "Q-35: the instance's edge, read back")
        XCTAssertEqual(edge?.version, 2)
        await copy.close()
    }

    /// A conflicted edit whose own event the copy applied before its answer (the answer was lost, so the drain
    /// resends it and the instance replays the answer): the event laid the still-waiting edit over the answer's
    /// version, and the copy must end showing the instance's row, not the losing value (Q-39, Q-41; found by the
    /// chaos drill, seeds 500 and 503 at 200 steps, where the follow's event beat the drain's answer).
    func testAConflictedEditsOwnEventBeforeItsAnswerLeavesTheInstancesRow_Issue27_3_Q39_Q41() async throws {
        let (copy, id) = try await conflictedEditSentByHand()
        _ = try await copy.catchUp()
        let report = try await copy.queue.drain()
        guard case .conflicted? = report.verdicts.first?.verdict else {
            return XCTFail("the replayed answer is conflicted: \(report.verdicts)")
        }
        XCTAssertEqual(report.verdicts.first?.replayed, true)
        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.version, 3)
        XCTAssertEqual(row?.properties["body"], "theirs", "Q-41: the instance's row; the losing value is the sibling's")
        await copy.close()
    }

    /// As above, but another writer's later version also arrives before the answer, so the copy holds a version
    /// past the answer's with the losing edit laid over it: the copy owes that row a read-back, and the next
    /// drain shows the instance's row.
    func testAConflictedEditAnsweredBelowAHeldLaterVersionIsReadBack_Issue27_3_Q41_Q42() async throws {
        let (copy, id) = try await conflictedEditSentByHand()
        let (later, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 3, "properties": ["title": "later"]])
        XCTAssertEqual(later, 200)
        _ = try await copy.catchUp()
        let laid = try await copy.items.get(id)
        XCTAssertEqual(laid?.version, 4)
        XCTAssertEqual(laid?.properties["body"], "mine", "witness: the waiting edit laid over the later version")
        let report = try await copy.queue.drain()
        guard case .conflicted? = report.verdicts.first?.verdict else {
            return XCTFail("the replayed answer is conflicted: \(report.verdicts)")
        }
        _ = try await copy.queue.drain()
        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.version, 4)
        XCTAssertEqual(row?.properties["title"], "later")
        XCTAssertEqual(row?.properties["body"], "theirs", "Q-41, Q-42: the instance's row, read back")
        await copy.close()
    }

    /// A hydrated copy whose edit of its note's body (on version 1) went to the instance by hand under its own key,
    /// as a drain whose answer was lost would have sent it, after another writer's edit: answered conflicted (v3).
    private func conflictedEditSentByHand() async throws -> (WorkingCopy, String) {
        let (copy, id) = try await harness.hydratedCopy()
        let (edited, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "theirs"]])
        XCTAssertEqual(edited, 200)
        let write = try await copy.items.update(id, Edit(properties: ["body": "mine"], baseVersion: 1))
        let (_, sent) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: .object(write.body), idempotencyKey: write.idempotencyKey)
        XCTAssertTrue(try sent.json().contains("conflicted_copy_id"), "witness: conflicted")
        return (copy, id)
    }
}
