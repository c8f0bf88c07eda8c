import Foundation
import Marfa
import MarfaLocks
import MarfaTestSupport
import XCTest

/// The drain against the reference instance over loopback: order, re-basing, the verdicts, the failure classes
/// and the report (Q-1 to Q-45, V-13 to V-16).
final class DrainEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// The instance's row of `id`.
    private func served(_ id: String) async throws -> JSONObject {
        let (status, answer) = try await harness.request("GET", "/items/\(id)")
        XCTAssertEqual(status, 200, "\(answer)")
        return try XCTUnwrap(answer.object?["item"]?.object)
    }

    private func arm(_ fault: JSONValue) async throws {
        let (status, answer) = try await harness.request("POST", "/__reference/faults", body: fault)
        XCTAssertEqual(status, 200, "\(answer)")
    }

    func testOfflineEditsOfAnOwnCreateGoOnItsAnswerInQueueOrder_Q1_V13_V16() async throws {
        let (copy, _) = try await harness.hydratedCopy()
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "draft", "body": "text"]))
        let id = try XCTUnwrap(created.itemId)
        _ = try await copy.items.update(id, Edit(properties: ["title": "renamed"], baseVersion: 0))
        _ = try await copy.items.update(id, Edit(properties: ["body": "written"], baseVersion: 0))
        _ = try await copy.tags.add("kept", to: id)
        let queued = try await copy.queue.all()
        XCTAssertEqual(queued.filter { $0.kind == .updateItem }.map(\.baseVersion), [0, 0], "V-2: both on 0")

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 4)
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted, .accepted, .accepted, .accepted])
        XCTAssertEqual(report.verdicts.map(\.kind), [.createItem, .updateItem, .updateItem, .addTag], "Q-1: order")
        let sent = try await copy.queue.all().filter { $0.kind == .updateItem }.map(\.baseVersion)
        XCTAssertEqual(sent, [1, 2], "V-13, V-16: on the create's answer, then on the first edit's")
        let row = try await served(id)
        XCTAssertEqual(row["version"]?.integer, 3)
        XCTAssertEqual(row["properties"]?.object?["title"]?.string, "renamed")
        XCTAssertEqual(row["properties"]?.object?["body"]?.string, "written")
        let held = try await copy.items.get(id)
        XCTAssertEqual(held?.version, 3, "Q-39: the answer's row adopted")
        XCTAssertEqual(held?.tags, ["kept"])

        let again = try await copy.queue.drain()
        XCTAssertEqual(again.answered, 0, "Q-40: nothing answered is sent again")
        XCTAssertEqual(again.verdicts, [])
        await copy.close()
    }

    func testAStaleRetitleIsMergedAndACollidingBodyEditConflicts_Q38_Q40_Q41() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let other = try await harness.createItem(type: "core.note", title: "second")
        _ = try await copy.catchUp()
        let (changed, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["title": "theirs", "body": "theirs"]])
        XCTAssertEqual(changed, 200)
        let (collided, _) = try await harness.request(
            "PATCH", "/items/\(other)?conflict=auto", body: ["version": 1, "properties": ["body": "theirs"]])
        XCTAssertEqual(collided, 200)
        _ = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        _ = try await copy.items.update(other, Edit(properties: ["body": "mine"], baseVersion: 1))

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 2)
        XCTAssertEqual(report.verdicts.first?.verdict, .merged(fields: ["title"]), "V-9: the later title wins")
        let merged = try await served(id)
        XCTAssertEqual(merged["properties"]?.object?["title"]?.string, "mine")
        XCTAssertEqual(merged["properties"]?.object?["body"]?.string, "theirs")
        expectEqual(try await copy.items.get(id)?.properties["body"], "theirs", "Q-40: the merged row adopted")
        guard case .conflicted(let sibling, let fields)? = report.verdicts.last?.verdict else {
            return XCTFail("a colliding body edit is conflicted: \(report.verdicts)")
        }
        XCTAssertEqual(fields, ["body"])
        let copied = try await served(sibling)
        XCTAssertEqual(copied["properties"]?.object?["body"]?.string, "mine", "V-9: the losing value on the copy")
        expectEqual(try await copy.items.get(other)?.properties["body"], "theirs", "Q-41: the answer's row")
        expectEqual(try await copy.items.get(sibling), nil, "Q-41: the sibling arrives only through an event")
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(sibling)?.properties["body"], "mine")
        await copy.close()
    }

    func testARefusalIsFinalAndTheRowIsResetToTheInstancesWithTheOtherWritesLaidOver_Q23_Q42() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let (archived, _) = try await harness.request(
            "POST", "/items/\(id)/transition", body: ["state": "archived"])
        XCTAssertEqual(archived, 200)
        _ = try await copy.items.transition(id, to: .archived)
        _ = try await copy.tags.add("later", to: id)
        expectEqual(try await copy.items.get(id)?.state, .archived)

        let report = try await copy.queue.drain()
        guard case .refused(let refusal)? = report.verdicts.first?.verdict else {
            return XCTFail("an archive of an archived row is refused: \(report.verdicts)")
        }
        XCTAssertEqual(refusal.code, "invalid_transition")
        XCTAssertEqual(report.verdicts.last?.verdict, .accepted, "the tag behind it still goes")
        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.state, .archived, "the instance's row, read back")
        XCTAssertEqual(row?.tags, ["later"])
        let again = try await copy.queue.drain()
        XCTAssertEqual(again.answered, 0, "refused is final: never sent again")
        let released = try await copy.queue.release(report.verdicts[0].id)
        XCTAssertFalse(released, "Q-34: a write the instance refused is not releasable")
        await copy.close()
    }

    func testAnUnavailableInstanceEndsThePassAtTheFirstWriteAndNeverCounts_Q16_Q19_Q22() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let created = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "text"]))
        let first = try XCTUnwrap(created.itemId)
        _ = try await copy.items.update(first, Edit(properties: ["title": "b"], baseVersion: 0))
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "c", "body": "text"]))
        try await arm(["status": 503, "count": 10, "retry_after": 7])
        for _ in 0..<10 {
            let report = try await copy.queue.drain()
            XCTAssertEqual(report.answered, 0)
            XCTAssertEqual(report.undelivered, 2, "the write the 503 hit and the unheld write behind it")
            XCTAssertEqual(report.held, 1, "the edit behind the unanswered create")
            XCTAssertEqual(report.retryAfterSeconds, 7, "Q-21: Retry-After passed on")
            XCTAssertTrue(report.unavailable?.contains("503") ?? false, report.unavailable ?? "")
        }
        let queue = try await copy.queue.all()
        XCTAssertEqual(queue.map(\.refusals), [0, 0, 0], "uncounted")
        XCTAssertTrue(queue.allSatisfy { $0.verdict == nil || $0.verdict == .blocked(reason: .awaitingDependency) })
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 3, "the fault spent: every write lands, never dead")
        expectEqual(try await harness.listedIds(type: "core.note").count, 2)
        await copy.close()
    }

    func testADroppedConnectionLeavesTheWriteQueuedAndTheNextDrainSendsIt_Q16() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "text"]))
        try await arm(["drop": true, "count": 1])
        let dropped = try await copy.queue.drain()
        XCTAssertEqual(dropped.undelivered, 1)
        XCTAssertNotNil(dropped.unavailable)
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted])
        await copy.close()
    }

    func testAWriteWhoseAnswerWasLostIsResentUnderItsKeyAndWrittenOnce_Q5() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let create = try await copy.items.create(Draft(type: "core.note", properties: ["title": "once", "body": "text"]))
        let (_, first) = try await harness.request(
            "POST", "/items", body: .object(create.body), idempotencyKey: create.idempotencyKey)
        XCTAssertTrue(try first.json().contains(create.itemId ?? "-"), "witness: written")

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted])
        XCTAssertEqual(report.verdicts.first?.replayed, true, "answered from the instance's record")
        expectEqual(try await harness.listedIds(type: "core.note"), [create.itemId ?? ""], "written once")
        await copy.close()
    }

    func testARefusedKeyBlocksTheWholeQueueAndStopsTheDrain_Q26() async throws {
        let wrong = Server(url: harness.url, key: "marfa_k1_not-a-key")
        let copy = try await WorkingCopy.open(store: harness.store, server: wrong)
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "text"]))
        _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": "b", "body": "text"]))
        let report = try await copy.queue.drain()
        XCTAssertNotNil(report.stopped)
        XCTAssertEqual(report.answered, 1, "after the 401, nothing more is sent")
        let queue = try await copy.queue.all()
        XCTAssertEqual(queue.map(\.verdict?.name), ["blocked", "blocked"])
        XCTAssertTrue(queue.allSatisfy {
            if case .blocked(.credentialRefused, _)? = $0.verdict { return true } else { return false }
        })
        await copy.close()

        let fixed = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let replaced = try await fixed.queue.drain()
        XCTAssertEqual(replaced.verdicts.map(\.verdict), [.accepted, .accepted], "the block clears with the key")
        await fixed.close()
    }

    func testAWriteWaitingOnARefusedCreateIsRefusedUnsent_Q43() async throws {
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(Draft(type: "core.note", properties: ["title": "mine", "body": "text"]))
        let id = try XCTUnwrap(create.itemId)
        _ = try await copy.tags.add("waits", to: id)
        let (taken, _) = try await harness.request(
            "POST", "/items", body: ["type": "core.task", "id": .string(id), "properties": ["title": "theirs"]])
        XCTAssertEqual(taken, 201, "witness: the id is taken by another type")

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 1)
        XCTAssertEqual(report.unsent, 1)
        guard case .refused? = report.verdicts.first?.verdict, case .refused(let cascade)? = report.verdicts.last?.verdict
        else { return XCTFail("the create and the tag are refused: \(report.verdicts)") }
        XCTAssertTrue(cascade.reason.contains("create_item"), cascade.reason)
        expectEqual(try await copy.items.get(id), nil, "Q-42: a refused create leaves nothing")
        let released = try await copy.queue.release(report.verdicts[1].id)
        XCTAssertTrue(released, "Q-34: a write refused for its dependency is releasable")
        await copy.close()
    }

    func testTheFollowDrainsWhenItReachesTheHeadAndTellsEachAnswer_Seed003() async throws {
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(Draft(type: "core.note", properties: ["title": "t", "body": "b"]))
        let heard = HeardOrigins()
        let changes = copy.changes()
        let listening = Task {
            for await change in changes { heard.origins.withLock { $0.append(change.origin) } }
        }
        let updates = copy.updates().makeAsyncIterator()
        _ = await updates.next()
        func drained() -> DrainReport? {
            heard.origins.withLock { origins in
                origins.lazy.compactMap { if case .queueDrained(let report) = $0 { report } else { nil } }.first
            }
        }
        await eventually(20, "the follow's drain to end") { drained() != nil }
        listening.cancel()
        let answered = heard.origins.withLock { origins in
            origins.compactMap { if case .answered(let verdict) = $0 { verdict.id } else { nil } }
        }
        XCTAssertEqual(answered, [create.id], "`.answered` for the write, naming its item")
        XCTAssertEqual(drained()?.verdicts.map(\.verdict), [.accepted])
        expectEqual(try await harness.listedIds(type: "core.note").contains(create.itemId ?? "-"), true)
        _ = updates
        await copy.close()
    }

    func testADrainWhoseTaskIsCancelledThrowsCanceledAndKeepsWhatWasAnswered() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        for title in ["a", "b", "c"] {
            _ = try await copy.items.create(Draft(type: "core.note", properties: ["title": .string(title), "body": "b"]))
        }
        let task = Task { try await copy.queue.drain() }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled drain ends with canceled")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "canceled")
        }
        _ = try await copy.queue.drain()
        let queue = try await copy.queue.all()
        XCTAssertEqual(queue.map(\.verdict), [.accepted, .accepted, .accepted], "the next drain sends the rest")
        await copy.close()
    }

    func testAKeyedCreateGoesWithoutItsMintedIdAndTheCopyMovesOntoTheInstancesRow_Q14() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "from the feed", extra: ["source_id": "feed-42"])
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "imported", "body": "b"], sourceId: "feed-42"))
        let minted = try XCTUnwrap(create.itemId)
        XCTAssertNotEqual(minted, existing)
        _ = try await copy.tags.add("moved", to: minted)
        _ = try await copy.items.update(minted, Edit(properties: ["body": "edited"], baseVersion: 0))

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.map(\.verdict), [.accepted, .accepted, .accepted])
        XCTAssertEqual(report.verdicts.map(\.itemId), [existing, existing, existing], "every write moved to the row")
        expectEqual(try await copy.items.get(minted), nil, "the minted row is dropped")
        let row = try await copy.items.get(existing)
        XCTAssertEqual(row?.properties["body"], "edited")
        XCTAssertEqual(row?.tags, ["moved"])
        let served = try await served(existing)
        XCTAssertEqual(served["properties"]?.object?["title"]?.string, "imported", "the upsert merged the title")
        XCTAssertEqual(served["properties"]?.object?["body"]?.string, "edited")
        expectEqual(try await harness.listedIds(type: "core.note").contains(minted), false, "never sent as an id")
        await copy.close()
    }

    func testAKeyedCreateLandingOnARowInTheBinIsRefusedTrashedAndLeavesNothing_Q47() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "binned", extra: ["source_id": "feed-7"])
        let (copy, _) = try await harness.hydratedCopy()
        let (binned, _) = try await harness.request("DELETE", "/items/\(existing)?version=1", body: [:])
        XCTAssertEqual(binned, 200)
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "again", "body": "b"], sourceId: "feed-7"))
        let report = try await copy.queue.drain()
        guard case .refused(let refusal)? = report.verdicts.first?.verdict else {
            return XCTFail("refused: \(report.verdicts)")
        }
        XCTAssertEqual(refusal.reason, "trashed")
        XCTAssertTrue(refusal.trashed)
        expectEqual(try await copy.items.get(create.itemId ?? "-"), nil, "the minted row is forgotten")
        await copy.close()
    }

    func testAKeyedCreateAtVersionZeroOnATakenKeyIsRefusedAndTheCopyMovesOntoTheRow_Q48_Q49() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "b"], sourceId: "file-9", baseVersion: 0))
        let minted = try XCTUnwrap(create.itemId)
        let tag = try await copy.tags.add("added", to: minted)
        let edit = try await copy.items.update(minted, Edit(properties: ["body": "edited"], baseVersion: 0))

        let report = try await copy.queue.drain()
        let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0) })
        guard case .refused(let refusal)? = verdicts[create.id]?.verdict else {
            return XCTFail("Q-48: the create is refused, not blocked: \(report.verdicts)")
        }
        XCTAssertEqual(refusal.code, "ancestor_unavailable")
        XCTAssertEqual(verdicts[tag.id]?.verdict, .accepted, "a write that only adds goes to the row")
        XCTAssertEqual(verdicts[tag.id]?.itemId, existing)
        guard case .refused? = verdicts[edit.id]?.verdict else { return XCTFail("an edit is refused unsent") }
        XCTAssertEqual(report.unsent, 1)
        expectEqual(try await copy.items.get(minted), nil, "the minted row is dropped")
        let row = try await copy.items.get(existing)
        XCTAssertEqual(row?.properties["title"], "already there", "the row as the instance holds it, read again")
        XCTAssertEqual(row?.tags, ["added"])
        let served = try await served(existing)
        XCTAssertEqual(served["properties"]?.object?["body"]?.string, "text of already there", "the edit never went")
        await copy.close()
    }

    func testAnAnswerOnNoContractEndsTheDrainAsItsFailureAndWhatWasAnsweredStands_Q17() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let first = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a", "body": "b"]))
        let second = try await copy.items.create(Draft(type: "core.note", properties: ["title": "c", "body": "d"]))
        _ = try await copy.queue.drain()
        let third = try await copy.items.create(Draft(type: "core.note", properties: ["title": "e", "body": "f"]))
        try await arm(["omit_contract": true, "count": 1])
        do {
            _ = try await copy.queue.drain()
            XCTFail("a success naming no contract ends the drain")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "contract_mismatch")
        }
        let queue = try await copy.queue.all()
        XCTAssertEqual(queue.map(\.id), [first.id, second.id, third.id])
        XCTAssertEqual(queue.map(\.verdict), [.accepted, .accepted, nil], "earlier verdicts stand; the write waits")
        XCTAssertNotNil(queue.last?.sentAt, "it went out, so it is resent as it went")
        await copy.close()
    }
}

/// The origins a `changes()` stream told, gathered by the task reading it.
private final class HeardOrigins: Sendable {
    let origins = LockedValue<[Change.Origin]>([])
}
