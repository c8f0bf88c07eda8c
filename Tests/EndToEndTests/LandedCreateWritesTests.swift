import Foundation
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// What follows a keyed create onto the row it lands on, and what a read of that row failing does (issue 28 point 14,
/// ), through the Swift API against the reference instance behind a scripted front.
final class LandedCreateWritesTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws { harness = try await InstanceHarness(front: front) }
    override func tearDown() async throws { await harness?.shutdown() }

    /// A hydrated copy, the instance's note under the natural key `file-9`, and a create of that key at version 0.
    private func landing() async throws -> (copy: WorkingCopy, held: String, existing: String, create: QueuedWrite) {
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        let (copy, held) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "b"], sourceId: "file-9", baseVersion: 0))
        return (copy, held, existing, create)
    }

    func testWritesThatAddFollowTheCreateAndWritesThatTakeAwayAreRefused_Q48_Issue28_14() async throws {
        let (copy, held, existing, create) = try await landing()
        let minted = try XCTUnwrap(create.itemId)
        let adding = [
            try await copy.tags.add("kept", to: minted),
            try await copy.edges.create(from: held, to: minted, type: "references"),
        ]
        let taking = [
            try await copy.metadata.replaceTags(of: minted, with: ["only"]),
            try await copy.metadata.mergeTags(["more"], into: minted),
            try await copy.tags.remove("kept", from: minted),
            try await copy.extensions.write("app.test", ["a": 1], on: minted),
            try await copy.extensions.delete("app.test", from: minted),
            try await copy.items.transition(minted, to: .archived),
            try await copy.items.delete(minted),
            try await copy.items.restore(minted),
        ]
        front.clear()
        let report = try await copy.queue.drain()
        let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
        guard case .refused? = verdicts[create.id] else { return XCTFail("witness: the create lands: \(report)") }
        XCTAssertEqual(adding.map { verdicts[$0.id] }, [.accepted, .accepted], "writes that add follow the create")
        for write in taking {
            guard case .refused? = verdicts[write.id] else {
                let verdict = String(describing: verdicts[write.id])
                return XCTFail("\(write.kind) would take from another writer's row: \(verdict)")
            }
        }
        XCTAssertEqual(
            front.lines.filter { !$0.hasPrefix("GET ") },
            ["POST /items", "POST /items/\(existing)/tags", "POST /edges"],
            "only the create, the tag and the edge went out")
        let row = try await copy.items.get(existing)
        XCTAssertEqual(row?.state, .active, "the other writer's row is held as it is")
        XCTAssertEqual(row?.tags, ["kept"])
        await copy.close()
    }

    func testATransientFailureReadingTheLandedRowLeavesTheCreateUnansweredAndUncounted_Q48_Issue28_14() async throws {
        let (copy, _, existing, create) = try await landing()
        let reads = LockedValue(0)
        front.script { request, _ in
            guard request.method == "GET", request.path == "/items/\(existing)",
                reads.withLock({ count in count += 1; return count == 1 })
            else { return nil }
            return ScriptedFront.refusal(503, "unavailable")
        }
        let failed = try await copy.queue.drain()
        XCTAssertNotNil(failed.unavailable, "the pass ends at a failure of the environment: \(failed)")
        let queued = try await copy.queue.all().first { $0.id == create.id }
        XCTAssertNotNil(queued, "witness: the create is still queued")
        XCTAssertNil(queued?.verdict, "unanswered")
        XCTAssertEqual(queued?.refusals, 0, "uncounted")
        let landed = try await copy.queue.drain()
        guard case .refused? = landed.verdicts.first(where: { $0.id == create.id })?.verdict else {
            return XCTFail("the next drain reads the row again and lands: \(landed)")
        }
        XCTAssertEqual(landed.verdicts.first?.itemId, existing)
        await copy.close()
    }

    func testARefusedKeyReadingTheLandedRowBlocksTheQueue_Q48_Q26_Issue28_14() async throws {
        let (copy, held, existing, create) = try await landing()
        let behind = try await copy.items.update(held, Edit(properties: ["title": "edited"], baseVersion: 1))
        front.script { request, _ in
            guard request.method == "GET", request.path == "/items/\(existing)" else { return nil }
            return ScriptedFront.refusal(401, "unauthorized")
        }
        front.clear()
        let report = try await copy.queue.drain()
        XCTAssertNotNil(report.stopped, "the drain stops at a refused key: \(report)")
        XCTAssertFalse(front.lines.contains { $0.hasPrefix("PATCH ") }, "nothing goes behind a refused key")
        let queued = try await copy.queue.all()
        XCTAssertEqual(
            queued.map(\.id), [create.id, behind.id], "witness: both writes are still queued")
        for write in queued {
            guard case .blocked(.credentialRefused, _)? = write.verdict else {
                return XCTFail("\(write.kind) is blocked credential_refused: \(String(describing: write.verdict))")
            }
        }
        await copy.close()
    }
}
