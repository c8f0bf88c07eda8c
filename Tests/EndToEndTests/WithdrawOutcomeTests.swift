import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// Issue 28 point 16 (Q-34, Q-35): `marfa --json device … withdraw <id>` answers `true` for a write blocked
/// `ancestor_unavailable` or `conflict_unresolved` (the queue empties, the row shows the instance's read-back, nothing
/// is sent again) and `false` for an unanswered or `key_spent` write; the writes a withdrawn create held are refused
/// unsent, naming it, and can never be released. The reference instance stands behind a scripted front.
final class WithdrawOutcomeTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Queues an edit of `held` (at version 1); answers the queued write's id.
    private func queuedEdit(of held: String, title: String = "mine") throws -> String {
        let edited = try harness.device(
            ["items", "update", held, "--version", "1", "--properties", #"{"title":"\#(title)"}"#])
        XCTAssertEqual(edited.status, 0, edited.stderr)
        return try XCTUnwrap(edited.answer?.object?["id"]?.string)
    }

    private var patches: Int { front.seen.filter { $0.method == "PATCH" }.count }

    func testWithdrawingABlockedWriteAnswersTrueAndShowsTheInstancesRow_Q35_Issue28_16() async throws {
        let blocks = [("ancestor_unavailable", "ancestor_unavailable"), ("version_conflict", "conflict_unresolved")]
        for (code, reason) in blocks {
            let held: String
            (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
            let id = try queuedEdit(of: held)
            front.script { request, count in
                // The drain's PATCH is the first to this row; the other writer's, below, reaches the instance.
                request.method == "PATCH" && request.path == "/items/\(held)" && count == 0
                    ? ScriptedFront.refusal(409, code) : nil
            }
            let drained = try harness.device(["drain"])
            XCTAssertEqual(drained.answer?.object?["verdicts"]?.array?.first?.object?["reason"]?.string, reason)
            try await harness.request(
                "PATCH", "/items/\(held)", body: ["properties": ["title": "theirs"], "version": 1])

            let withdrawn = try harness.device(["withdraw", id])
            XCTAssertEqual(withdrawn.status, 0, withdrawn.stderr)
            XCTAssertEqual(withdrawn.answer, true, "\(reason): \(withdrawn.stderr)")
            XCTAssertEqual(try harness.device(["queue"], server: false).answer, [], "the queue empties")
            let row = try harness.device(["items", "get", held], server: false).answer?.object
            XCTAssertEqual(row?["properties"]?.object?["title"], "theirs", "the row shows the instance's read-back")
            XCTAssertEqual(row?["version"], 2)
            let sent = patches
            XCTAssertEqual(try harness.device(["drain"]).status, 0)
            XCTAssertEqual(patches, sent, "nothing is sent again after a withdraw")
            await harness.shutdown()
            harness = nil
            front.clear()
        }
    }

    func testWithdrawingAnUnansweredOrKeySpentWriteAnswersFalse_Q35_Issue28_16() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let id = try queuedEdit(of: held)
        let unanswered = try harness.device(["withdraw", id])
        XCTAssertEqual(unanswered.status, 0, unanswered.stderr)
        XCTAssertEqual(unanswered.answer, false, "an unanswered write may yet land")

        front.script { request, _ in
            request.method == "PATCH" ? ScriptedFront.refusal(422, "idempotency_key_reused") : nil
        }
        _ = try harness.device(["drain"])
        let spent = try harness.device(["withdraw", id])
        XCTAssertEqual(spent.status, 0, spent.stderr)
        XCTAssertEqual(spent.answer, false, "a key_spent write is released, not withdrawn")
        XCTAssertEqual(
            try harness.device(["queue"], server: false).answer?.array?.first?.object?["reason"], "key_spent")
        XCTAssertEqual(try harness.device(["withdraw", "not-a-queued-write"]).code, "not_found")
    }

    /// A keyed create blocked `ancestor_unavailable` because the row its key resolved cannot be read (Q-49), before
    /// any drain sees the writes queued after it; answers the create's queue id and its minted row.
    private func blockedKeyedCreate() throws -> (create: String, local: String) {
        let gone = "01a00000-0000-7000-8000-0000000000c9"
        front.script { request, _ in
            guard request.method == "POST", request.path == "/items" else { return nil }
            var headers = HTTPHeaders()
            headers.add("X-Marfa-Contract", "3")
            return .json(
                HTTPStatus(code: 409), headers: headers,
                text: #"{"error":{"code":"ancestor_unavailable","message":"no snapshot"},"current":{"id":"\#(gone)","#
                    + #""version":2}}"#)
        }
        let (create, local) = try harness.queuedNote(
            "mine", ["--source", "notes", "--source-id", "gone.md", "--version", "0"])
        return (create, local)
    }

    /// Queues `words`; answers the queued write's id.
    private func queued(_ words: [String]) throws -> String {
        let queued = try harness.device(words)
        XCTAssertEqual(queued.status, 0, queued.stderr)
        return try XCTUnwrap(queued.answer?.object?["id"]?.string)
    }

    func testTheWritesAWithdrawnCreateHeldAreRefusedAndNeverReleased_Q34_Q35_Issue28_16() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let (create, local) = try blockedKeyedCreate()
        let edit = try queued(
            ["items", "update", local, "--version", "0", "--properties", #"{"title":"mine, edited"}"#])
        _ = try harness.device(["drain"])
        let before = try harness.device(["queue"], server: false).answer?.array ?? []
        XCTAssertEqual(before.map { $0.object?["reason"] }, ["ancestor_unavailable", "awaiting_dependency"])

        let withdrawn = try harness.device(["withdraw", create])
        XCTAssertEqual(withdrawn.answer, true, withdrawn.stderr)
        let queue = try harness.device(["queue"], server: false).answer?.array ?? []
        XCTAssertEqual(queue.map { $0.object?["id"]?.string }, [edit])
        XCTAssertEqual(queue.first?.object?["verdict"], "refused")
        XCTAssertEqual(queue.first?.object?["reason"], "the create_item it waits for was withdrawn")
        XCTAssertNotEqual(try harness.device(["items", "get", local], server: false).status, 0, "the minted row goes")

        let released = try harness.device(["release", edit])
        XCTAssertEqual(released.answer, 0, "refused for a withdrawn create, never released: \(released.stderr)")
        _ = try harness.device(["drain"])
        XCTAssertEqual(patches, 0, "a write held for a withdrawn create is never sent")
        XCTAssertEqual(try harness.device(["queue"], server: false).answer?.array?.first?.object?["verdict"], "refused")
    }

    func testTheEdgesOfAWithdrawnCreateAndTheirEditsAreRefusedAndGo_Q35_Issue28_16() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let (create, local) = try blockedKeyedCreate()
        let edge = try harness.device(
            ["edges", "create", "--source", held, "--target", local, "--type", "references", "--properties", "{}"])
        XCTAssertEqual(edge.status, 0, edge.stderr)
        let edgeCreate = try XCTUnwrap(edge.answer?.object?["id"]?.string)
        let edgeId = try XCTUnwrap(edge.answer?.object?["edge_id"]?.string)
        let edgeEdit = try queued(["edges", "update", edgeId, "--version", "0", "--properties", #"{"note":"n"}"#])
        _ = try harness.device(["drain"])
        XCTAssertEqual(try harness.device(["withdraw", create]).answer, true)

        let queue = try harness.device(["queue"], server: false).answer?.array ?? []
        XCTAssertEqual(queue.map { $0.object?["id"]?.string }, [edgeCreate, edgeEdit])
        for row in queue {
            XCTAssertEqual(row.object?["verdict"], "refused")
            XCTAssertEqual(row.object?["reason"], "the create_item it waits for was withdrawn")
        }
        let edges = try harness.device(["edges", "list", held], server: false).answer?.array ?? []
        XCTAssertFalse(edges.contains { $0.object?["id"]?.string == edgeId }, "the refused edge create's edge goes")
        for id in [edgeCreate, edgeEdit] {
            XCTAssertEqual(try harness.device(["release", id]).answer, 0, "never released")
        }
        _ = try harness.device(["drain"])
        XCTAssertFalse(front.lines.contains { $0.contains("/edges") && !$0.hasPrefix("GET") }, "nothing is sent")
    }
}
