import Foundation
import Marfa
import MarfaTestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the copy shows once a drain settles a write against the reference instance: a write that went out keeps
/// its body, a refusal resets the row or edge to the instance's, and a landed create's edges are held once (Q-12,
/// Q-42, V-19). Found by an independent review of Decision 0072.
final class DrainResetTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws { harness = try await InstanceHarness() }
    override func tearDown() async throws { await harness?.shutdown() }

    private func arm(_ fault: JSONValue) async throws {
        let (status, answer) = try await harness.request("POST", "/__reference/faults", body: fault)
        XCTAssertEqual(status, 200, "\(answer)")
    }

    /// Sends `body` to `path` under `key` as another client would (to spend a key).
    private func send(_ method: String, _ path: String, key: String, body: JSONValue) async throws -> Int {
        var request = URLRequest(url: URL(string: harness.url.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(harness.key)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(key, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data(try body.json().utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// V-19: E2 went out (its connection dropped before an answer) while E1 ahead of it on the row was blocked;
    /// E1 is released and accepted one past its base, and QueueRebase rewrites E2's base and body.
    func testAnEditThatWentOutIsResentAsItWentOnceTheWriteAheadLands_V19() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "text"]))
        let id = try XCTUnwrap(created.itemId)
        let landed = try await copy.queue.drain()
        XCTAssertEqual(landed.verdicts.map(\.verdict), [.accepted])
        let e1 = try await copy.items.update(id, Edit(properties: ["title": "one"], baseVersion: 1))
        // Another client spent E1's key on a different request, refused and kept (P-16).
        let spent = try await send("PATCH", "/items/\(id)?conflict=auto", key: e1.idempotencyKey, body: ["version": 1])
        XCTAssertEqual(spent, 400, "witness: a kept refusal under E1's key")
        let blocked = try await copy.queue.drain()
        guard case .blocked(.keySpent, _)? = blocked.verdicts.first?.verdict else { return XCTFail("\(blocked.verdicts)") }

        let e2 = try await copy.items.update(id, Edit(properties: ["body": "two"], baseVersion: 1))
        try await arm(["drop": true, "count": 1])
        let dropped = try await copy.queue.drain()
        XCTAssertEqual(dropped.undelivered, 1, "E2 went out; its connection closed before an answer")
        let queuedNow = try await copy.queue.all()
        let sent = try XCTUnwrap(queuedNow.first { $0.id == e2.id })
        XCTAssertEqual(sent.baseVersion, 1)

        let releasedE1 = try await copy.queue.release(e1.id)
        XCTAssertTrue(releasedE1)
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.first?.verdict, .accepted, "witness: E1 lands one past the base E2 shares")
        let queuedAfter = try await copy.queue.all()
        let resent = try XCTUnwrap(queuedAfter.first { $0.id == e2.id })
        XCTAssertEqual(resent.idempotencyKey, sent.idempotencyKey, "same key")
        XCTAssertEqual(resent.baseVersion, sent.baseVersion, "V-19: a sent write's base never changes")
        XCTAssertEqual(resent.body, sent.body, "V-19: a sent body is frozen")
        await copy.close()
    }

    /// a refused edge create leaves nothing in the copy.
    func testARefusedEdgeCreateLeavesNoEdge_Q42() async throws {
        let (copy, a) = try await harness.hydratedCopy()
        let b = try await harness.createItem(type: "core.note", title: "b")
        _ = try await copy.catchUp()
        let (linked, answer) = try await harness.request(
            "POST", "/edges", body: ["source_id": .string(a), "target_id": .string(b), "edge_type": "references"])
        XCTAssertEqual(linked, 201, "\(answer)")
        let write = try await copy.edges.create(from: a, to: b, type: "references")
        let edgeId = try XCTUnwrap(write.edgeId)
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first?.verdict else {
            return XCTFail("a duplicate triple is refused: \(report.verdicts)")
        }
        let shown = try await copy.edges.get(edgeId)
        XCTAssertNil(shown, "Q-42: a refused create leaves nothing; the copy still shows \(String(describing: shown))")
        await copy.close()
    }

    /// a write refused on a row trashed elsewhere; the read-back answers 404 and the copy must not keep
    /// showing the refused edit on a live row.
    func testARefusalOnARowInTheBinDropsTheRefusedEdit_Q42() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let (trashed, answer) = try await harness.request("DELETE", "/items/\(id)?version=1")
        XCTAssertEqual(trashed, 200, "\(answer)")
        _ = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        let report = try await copy.queue.drain()
        guard case .refused(let refusal)? = report.verdicts.first?.verdict else {
            return XCTFail("an edit of a row in the bin is refused: \(report.verdicts)")
        }
        XCTAssertTrue(refusal.trashed)
        let row = try await copy.items.get(id)
        XCTAssertNotEqual(row?.properties["title"], "mine", "Q-42: the refused edit is not what the copy shows")
        XCTAssertTrue(row == nil || row?.state == .trashed, "Q-42: the instance's row is in the bin")
        await copy.close()
    }

    /// the read-back after a refusal keeps the instance's tags (GET /items/{id} carries them in metadata).
    func testTheReadBackKeepsTheInstancesTags_Q42() async throws {
        let (copy, id) = try await harness.hydratedCopy(extra: ["tags": ["kept"]])
        expectEqual(try await copy.items.get(id)?.tags, ["kept"], "witness: hydrated with the tag")
        let (archived, _) = try await harness.request("POST", "/items/\(id)/transition", body: ["state": "archived"])
        XCTAssertEqual(archived, 200)
        _ = try await copy.items.transition(id, to: .archived)
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first?.verdict else { return XCTFail("\(report.verdicts)") }
        expectEqual(try await copy.items.get(id)?.state, .archived, "read back")
        expectEqual(try await copy.items.get(id)?.tags, ["kept"], "Q-42: the instance's row, tags included")
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.tags, ["kept"], "and a catch-up does not bring them back")
        await copy.close()
    }

    /// a refusal the instance made without changing the row; nothing else will bring the tags back.
    func testARefusalThatChangedNothingKeepsTheTags_Q42() async throws {
        let (copy, id) = try await harness.hydratedCopy(extra: ["tags": ["kept"]])
        expectEqual(try await copy.items.get(id)?.tags, ["kept"], "witness: hydrated with the tag")
        _ = try await copy.items.update(id, Edit(properties: ["title": 5], baseVersion: 1))
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first?.verdict else { return XCTFail("\(report.verdicts)") }
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.tags, ["kept"], "Q-42: the instance's row, tags included")
        await copy.close()
    }

    /// a create's inline edges; once the create is answered and the events read, the copy holds the
    /// instance's edge once.
    func testACreatesInlineEdgeIsHeldOnceAfterItLands_Q12() async throws {
        let (copy, target) = try await harness.hydratedCopy()
        let created = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "text"], edges: ["references": [target]]))
        let id = try XCTUnwrap(created.itemId)
        let shownBefore = try await copy.edges.from(id)
        XCTAssertEqual(shownBefore.count, 1, "witness: the inline edge is shown while it waits")
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted])
        _ = try await copy.catchUp()
        let afterCatchUp = try await copy.edges.from(id)
        XCTAssertEqual(afterCatchUp.count, 1, "one edge, the instance's")
        XCTAssertTrue(afterCatchUp.allSatisfy { $0.version >= 1 }, "no placeholder edge at version 0 left")
        await copy.close()
    }

    /// an edge event brings the instance's edge; the edit waiting on it still shows on top.
    func testAnEdgeEventKeepsTheWaitingEdgeEditLaidOver_Q12() async throws {
        let (copy, source) = try await harness.hydratedCopy()
        let edgeId = try await harness.createEdge(from: source, properties: ["note": "theirs", "rank": 1])
        _ = try await copy.catchUp()
        _ = try await copy.edges.update(edgeId, EdgeEdit(["note": "mine"], baseVersion: 1))
        let (changed, _) = try await harness.request(
            "PATCH", "/edges/\(edgeId)", body: ["version": 1, "properties": ["rank": 2]])
        XCTAssertEqual(changed, 200)
        _ = try await copy.catchUp()
        let shown = try await copy.edges.get(edgeId)
        XCTAssertEqual(shown?.properties["rank"], 2, "witness: the event's edge arrived")
        XCTAssertEqual(shown?.properties["note"], "mine", "the waiting edit is laid over it")
        await copy.close()
    }
}

