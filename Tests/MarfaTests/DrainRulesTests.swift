import Foundation
@testable import Marfa
import XCTest

/// The drain's pure rules: how an answer is classified (P-53, Q-20 to Q-29), when a write may go (Q-8 to Q-10,
/// Q-43), where it goes (P-37 to P-48) and what a 2xx says.
final class DrainRulesTests: XCTestCase {
    private func classify(_ status: Int, _ code: String? = nil, contract: Bool = true, grant: Bool = false)
        -> AnswerClass
    {
        AnswerClass.of(status: status, code: code, namesContract: contract, namesGrant: grant)
    }

    func testEveryAnswerFallsInExactlyOneClass_Q20() {
        XCTAssertEqual(classify(201), .success)
        XCTAssertEqual(classify(200, contract: false), .success, "a success naming no contract is checked before")
        for status in [408, 425, 429, 500, 502, 503] {
            guard case .environmental = classify(status) else { return XCTFail("\(status) is environmental") }
        }
        guard case .environmental = classify(401, "unauthorized", contract: false) else {
            return XCTFail("Q-22: a refusal naming no contract is a proxy's, whatever its status")
        }
        XCTAssertEqual(classify(401, "unauthorized"), .credentialRefused, "Q-26")
        XCTAssertEqual(classify(403, "type_not_permitted", grant: true), .blocked(.credentialRefused), "Q-31")
        XCTAssertEqual(classify(403, "type_not_permitted"), .refused, "Q-23: a 403 with no grant is final")
        XCTAssertEqual(classify(422, "idempotency_key_reused"), .blocked(.keySpent), "Q-27")
        XCTAssertEqual(classify(409, "ancestor_unavailable"), .blocked(.ancestorUnavailable), "Q-28")
        XCTAssertEqual(classify(409, "version_conflict"), .blocked(.conflictUnresolved), "Q-29")
        XCTAssertEqual(classify(409, "idempotency_key_in_flight"), .counted, "Q-24")
        for (status, code) in [(400, "invalid_properties"), (404, "item_not_found"), (405, "x"), (410, "gone")] {
            XCTAssertEqual(classify(status, code), .refused, "\(status) is final")
        }
        XCTAssertEqual(classify(302), .counted, "an unresolved 3xx is counted, never retried forever")
    }

    private func write(_ id: String, _ kind: WriteKind = .updateItem, follows: String? = nil, dependsOn: [String] = [])
        -> QueuedWrite
    {
        QueuedWrite(
            id: id, kind: kind, itemId: "0190a1b2-0000-7000-8000-000000000001", baseVersion: 3,
            idempotencyKey: "k-\(id)", dependsOn: dependsOn, follows: follows, body: ["version": 3],
            queuedAt: "2026-01-01T00:00:00.000Z")
    }

    func testOrderComesBeforeDependencyAndARefusedCreateRefusesWhatWaitsOnIt_Q9_Q10_Q43() {
        let refusedCreate: [String: (kind: WriteKind, verdict: Verdict?)] = [
            "c": (.createItem, .refused(Refusal(reason: "invalid_properties"))), "e1": (.updateItem, nil),
        ]
        let behind = write("e2", follows: "e1", dependsOn: ["c"])
        XCTAssertEqual(DrainReadiness.of(behind, verdicts: refusedCreate, waiting: ["e1"]), .held, "Q-10")
        XCTAssertEqual(
            DrainReadiness.of(behind, verdicts: refusedCreate, waiting: []),
            .refused(reason: "the create_item it waits for was refused"), "Q-43, witness for the hold above")
        for verdict in [Verdict?.none, .blocked(reason: .keySpent)] {
            XCTAssertEqual(
                DrainReadiness.of(write("t", dependsOn: ["c"]), verdicts: ["c": (.createItem, verdict)], waiting: []),
                .held, "Q-8: a create not taken holds what waits on it")
        }
        XCTAssertEqual(
            DrainReadiness.of(write("t", dependsOn: ["c"]), verdicts: ["c": (.createItem, .accepted)], waiting: []),
            .ready)
        XCTAssertEqual(DrainReadiness.of(write("t", dependsOn: ["gone"]), verdicts: [:], waiting: []), .ready)
    }

    func testEachKindGoesToItsDoorWithItsBodyAsQueued_Q7_V19() throws {
        var update = write("u")
        update.body = ["version": 3, "properties": ["title": "x"]]
        let patch = try WriteRoute.of(update)
        XCTAssertEqual(patch.method, "PATCH")
        XCTAssertEqual(patch.query, [URLQueryItem(name: "conflict", value: "auto")], "Q-7")
        XCTAssertEqual(patch.body, .object(update.body), "V-19: byte for byte as queued")
        let delete = try WriteRoute.of(write("d", .deleteItem))
        XCTAssertEqual(delete.method, "DELETE")
        XCTAssertEqual(delete.query, [URLQueryItem(name: "version", value: "3")], "P-39: the version read")
        var tag = write("t", .removeTag)
        tag.tag = "a/b c"
        XCTAssertEqual(try WriteRoute.of(tag).path, "/items/0190a1b2-0000-7000-8000-000000000001/tags/a%2Fb%20c")
        XCTAssertThrowsError(try WriteRoute.of(write("b", .uploadBlob)), "no blob bytes in this build")
    }

    func testATwoHundredIsClassifiedByItsResolutionAlone_Q38() throws {
        let item: JSONValue = [
            "id": "0190a1b2-0000-7000-8000-000000000001", "type": "core.note", "version": 5,
            "created_at": "2026-01-01T00:00:00.000Z", "properties": ["title": "t"],
        ]
        let route = WriteRoute(method: "PATCH", path: "/items/x", answer: .item)
        func verdict(_ extra: JSONObject, replayed: Bool = false) throws -> (Verdict, Bool) {
            var body: JSONObject = ["item": item, "metadata": ["tags": ["a"]]]
            for (key, value) in extra { body[key] = value }
            let answer = InstanceAnswer(
                status: 200, headers: replayed ? ["idempotency-replayed": ["true"]] : [:],
                body: Data(try JSONValue.object(body).json().utf8))
            let settlement = try DrainPass.settlement(of: answer, route: route)
            guard case .item(let row, let verdict, let acknowledged, let tagsNamed) = settlement else {
                throw MarfaError.invalid(message: "not an item settlement")
            }
            XCTAssertEqual(row.tags, ["a"], "the tags from the metadata")
            XCTAssertTrue(tagsNamed)
            return (verdict, acknowledged)
        }
        XCTAssertEqual(try verdict([:]).0, .accepted)
        XCTAssertEqual(try verdict(["conflict_resolution": ["fields": ["title"]]]).0, .merged(fields: ["title"]))
        XCTAssertEqual(
            try verdict(["conflict_resolution": ["fields": ["body"], "conflicted_copy_id": "s"]]).0,
            .conflicted(siblingId: "s", fields: ["body"]))
        XCTAssertEqual(try verdict([:], replayed: true).1, true, "Idempotency-Replayed marks a replay")
        XCTAssertEqual(try verdict(["acknowledged": true]).1, true)
        XCTAssertEqual(try verdict([:]).1, false)
        let unreadable = InstanceAnswer(status: 200, headers: [:], body: Data("{\"item\":".utf8))
        XCTAssertThrowsError(try DrainPass.settlement(of: unreadable, route: route), "Q-24: counted, not accepted")
    }

    func testARefusalIsParsedOnceWithItsFieldsBinAndGrant_Q50() throws {
        func answer(_ status: Int, _ error: JSONValue) throws -> InstanceAnswer {
            InstanceAnswer(
                status: status, headers: ["x-marfa-contract": ["3"]],
                body: Data(try JSONValue.object(["error": error]).json().utf8))
        }
        let grant = try answer(403, [
            "code": "type_not_permitted", "message": "no",
            "details": ["grant": ["kind": "type", "name": "core.task", "level": "write"]],
        ])
        let refusal = RefusalReading.refusal(of: grant)
        XCTAssertEqual(refusal.grant, MissingGrant(kind: .type, name: "core.task", level: .write))
        let odd = try answer(403, [
            "code": "type_not_permitted", "details": ["grant": ["kind": "type", "name": "core.task", "level": "admin"]],
        ])
        XCTAssertNil(RefusalReading.refusal(of: odd).grant, "an oddly shaped grant reads as absent, so the 403 is final")
        let invalid = RefusalReading.refusal(of: try answer(400, [
            "code": "invalid_properties", "message": "bad",
            "details": ["errors": [["field": "title", "message": "too long"], ["path": "body", "message": "no"], 7]],
        ]))
        XCTAssertEqual(invalid.fields, [FieldRefusal(field: "title", message: "too long"), FieldRefusal(field: "body", message: "no")])
        XCTAssertFalse(invalid.trashed)
        let binned = try answer(404, ["code": "item_not_found", "details": ["trashed": true]])
        XCTAssertTrue(RefusalReading.refusal(of: binned).trashed)
        XCTAssertFalse(RefusalReading.refusal(of: try answer(404, ["code": "item_not_found"])).trashed)
    }
}
