import Foundation
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

/// Idempotency (P-16, P-95.9) and the reference-only test hooks (P-99).
final class InstanceIdempotencyAndHookTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness.start()
    }

    override func tearDown() async throws {
        await harness.finish()
    }

    func testARepeatedKeyReplaysTheFirstAnswerAndWritesNothing_P16() async throws {
        let body: JSONValue = ["type": "core.note", "properties": ["body": "x"]]
        let first = try await harness.send("POST", "/items", body: body, headers: ["Idempotency-Key": "abc"])
        XCTAssertEqual(first.status, 201)
        XCTAssertNil(first.header("Idempotency-Replayed"))
        let head = try harness.head()
        let second = try await harness.send("POST", "/items", body: body, headers: ["Idempotency-Key": "abc"])
        XCTAssertEqual(second.status, 201)
        XCTAssertEqual(second.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(second.json, first.json)
        XCTAssertEqual(try harness.head(), head, "a replay announces nothing")
        let listed = try await harness.send("GET", "/items")
        XCTAssertEqual(listed.data.count, 1)
        let reused = try await harness.send(
            "POST", "/items", body: ["type": "core.note", "properties": ["body": "y"]],
            headers: ["Idempotency-Key": "abc"])
        XCTAssertEqual(reused.status, 422)
        XCTAssertEqual(reused.errorCode, "idempotency_key_reused")
        let otherKey = try await harness.instance.mintKey(KeyGrants(types: ["*": .write]))
        let otherCredential = try await harness.send(
            "POST", "/items", body: body, key: .some(otherKey), headers: ["Idempotency-Key": "abc"])
        XCTAssertEqual(otherCredential.status, 201, "keys are per credential")
        XCTAssertNil(otherCredential.header("Idempotency-Replayed"))
        let tooLong = try await harness.send(
            "POST", "/items", body: body, headers: ["Idempotency-Key": String(repeating: "k", count: 256)])
        XCTAssertEqual(tooLong.errorCode, "validation_error")
    }

    func testARefusalIsReplayedButAForbiddenAnswerIsNotKept_P16() async throws {
        let refusedBody: JSONValue = ["type": "core.note", "properties": ["title": "no body"]]
        let refused = try await harness.send("POST", "/items", body: refusedBody, headers: ["Idempotency-Key": "r"])
        XCTAssertEqual(refused.status, 400)
        let replay = try await harness.send("POST", "/items", body: refusedBody, headers: ["Idempotency-Key": "r"])
        XCTAssertEqual(replay.status, 400)
        XCTAssertEqual(replay.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(replay.header("X-Error-Code"), "missing_required_field")
        let reader = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let body: JSONValue = ["type": "core.note", "properties": ["body": "x"]]
        let forbidden = try await harness.send(
            "POST", "/items", body: body, key: .some(reader), headers: ["Idempotency-Key": "f"])
        XCTAssertEqual(forbidden.status, 403)
        let again = try await harness.send(
            "POST", "/items", body: body, key: .some(reader), headers: ["Idempotency-Key": "f"])
        XCTAssertNil(again.header("Idempotency-Replayed"), "403 answers are not kept")
    }

    func testARetriedConflictedUpdateWritesNoSecondCopy_P67() async throws {
        let note = try await harness.note("N", body: "a")
        let id = note["id"]?.string ?? ""
        _ = try await harness.send("PATCH", "/items/\(id)", body: ["version": 1, "properties": ["body": "b"]])
        let body: JSONValue = ["version": 1, "properties": ["body": "c"]]
        let first = try await harness.send(
            "PATCH", "/items/\(id)?conflict=auto", body: body, headers: ["Idempotency-Key": "p"])
        let second = try await harness.send(
            "PATCH", "/items/\(id)?conflict=auto", body: body, headers: ["Idempotency-Key": "p"])
        XCTAssertEqual(second.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(
            second.object["conflict_resolution"]?.object?["conflicted_copy_id"],
            first.object["conflict_resolution"]?.object?["conflicted_copy_id"])
        let copies = try await harness.send("GET", "/items?tags=conflicted-copy")
        XCTAssertEqual(copies.data.count, 1)
    }

    func testHooksAnswerTheOperatorKeyOnly_P99() async throws {
        let narrowed = try await harness.instance.mintKey(KeyGrants(types: ["*": .write]))
        let forbidden = try await harness.send("POST", "/__reference/instance-id", body: [:], key: .some(narrowed))
        XCTAssertEqual(forbidden.status, 403)
        XCTAssertEqual(forbidden.errorCode, "forbidden")
        let anonymous = try await harness.send("POST", "/__reference/instance-id", body: [:], key: .none)
        XCTAssertEqual(anonymous.status, 401)
        let unknown = try await harness.send("POST", "/__reference/nothing", body: [:])
        XCTAssertEqual(unknown.status, 404)
        let wrongMethod = try await harness.send("GET", "/__reference/faults")
        XCTAssertEqual(wrongMethod.status, 404)
    }

    func testTheIdempotencyHookListsEveryKeptKeyAndChangesNothing_P99_Issue27_3() async throws {
        let body: JSONValue = ["type": "core.note", "properties": ["body": "x"]]
        _ = try await harness.send("POST", "/items", body: body, headers: ["Idempotency-Key": "b-landed"])
        _ = try await harness.send(
            "POST", "/items", body: ["type": "core.note", "properties": ["title": "no body"]],
            headers: ["Idempotency-Key": "a-refused"])
        let other = try await harness.instance.mintKey(KeyGrants(types: ["*": .write]))
        _ = try await harness.send("POST", "/items", body: body, key: .some(other), headers: ["Idempotency-Key": "c"])
        let head = try harness.head()
        let listed = try await harness.send("POST", "/__reference/idempotency", body: ["credential": "operator"])
        XCTAssertEqual(listed.status, 200)
        let records = listed.object["records"]?.array ?? []
        XCTAssertEqual(records.map { $0.object?["key"]?.string }, ["a-refused", "b-landed"], "the operator's, by key")
        XCTAssertEqual(records.map { $0.object?["status"]?.integer }, [400, 201])
        XCTAssertEqual(records.first?.object?["error_code"]?.string, "missing_required_field")
        XCTAssertEqual(records.last?.object?["error_code"], .null)
        let every = try await harness.send("POST", "/__reference/idempotency", body: [:])
        XCTAssertEqual(every.object["records"]?.array?.count, 3, "every credential's without a filter")
        XCTAssertEqual(try harness.head(), head, "a read: no event")
        let forbidden = try await harness.send("POST", "/__reference/idempotency", body: [:], key: .some(other))
        XCTAssertEqual(forbidden.status, 403, "the operator key only")
    }

    func testTheInstanceIdHookSwitchesWhatRootAnswers_P6_P99() async throws {
        let before = try await harness.send("GET", "/").object["instance_id"]
        let set = try await harness.send("POST", "/__reference/instance-id", body: ["instance_id": "fixed-id"])
        XCTAssertEqual(set.status, 200)
        let fixed = try await harness.send("GET", "/")
        XCTAssertEqual(fixed.object["instance_id"], "fixed-id")
        let fresh = try await harness.send("POST", "/__reference/instance-id", body: [:])
        let freshId = fresh.object["instance_id"]?.string ?? ""
        XCTAssertTrue(ItemID.isWellFormed(freshId))
        XCTAssertNotEqual(.string(freshId), before)
        let after = try await harness.send("GET", "/")
        XCTAssertEqual(after.object["instance_id"]?.string, freshId)
        XCTAssertEqual(try harness.head(), 0, "hooks log no event")
    }

    func testStatusFaultsAnswerTheNextRequestsWithRetryAfterAndWriteNothing_P99() async throws {
        let armed = try await harness.send(
            "POST", "/__reference/faults", body: ["status": 503, "count": 2, "retry_after": 7])
        XCTAssertEqual(armed.status, 200)
        let first = try await harness.send("POST", "/items", body: ["type": "core.note", "properties": ["body": "x"]])
        XCTAssertEqual(first.status, 503)
        XCTAssertEqual(first.header("Retry-After"), "7")
        XCTAssertEqual(first.header("X-Marfa-Contract"), "3")
        XCTAssertNotNil(first.errorCode)
        let second = try await harness.send("GET", "/")
        XCTAssertEqual(second.status, 503)
        let third = try await harness.send("GET", "/items")
        XCTAssertEqual(third.status, 200)
        XCTAssertEqual(third.data.count, 0, "the faulted write wrote nothing")
        _ = try await harness.send("POST", "/__reference/faults", body: ["status": 429, "count": 1])
        let limited = try await harness.send("GET", "/items")
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.errorCode, "rate_limited")
        XCTAssertNil(limited.header("Retry-After"))
    }

    func testAnOmitContractFaultAnswersWithoutTheHeader_P99() async throws {
        _ = try await harness.send("POST", "/__reference/faults", body: ["omit_contract": true, "count": 1])
        let bare = try await harness.send("GET", "/items")
        XCTAssertEqual(bare.status, 200)
        XCTAssertNil(bare.header("X-Marfa-Contract"))
        let witness = try await harness.send("GET", "/items")
        XCTAssertEqual(witness.header("X-Marfa-Contract"), "3")
    }

    func testADropFaultClosesTheConnectionBeforeAnyAnswer_P99() async throws {
        _ = try await harness.send("POST", "/__reference/faults", body: ["drop": true, "count": 1])
        let client = try RawHTTPClient(port: harness.port)
        try client.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        let closed = try await onThread { client.waitForClose(within: 5) }
        XCTAssertTrue(closed)
        let witness = try RawHTTPClient(port: harness.port)
        try witness.send("GET / HTTP/1.1\r\nHost: t\r\n\r\n")
        let answer = try await onThread { try witness.readResponse() }
        XCTAssertEqual(answer.status, 200, "only the armed count is dropped")
    }
}
