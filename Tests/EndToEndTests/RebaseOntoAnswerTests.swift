import Foundation
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// Re-basing the copy's own edits onto the answer ahead of them (issue 28 point 13, V-15 to V-18), against the
/// reference instance: an edit moves onto that answer only if the answer holds, for each property it changes, the
/// value the copy showed when it was made; otherwise it keeps its own base and the instance merges or conflicts it.
final class RebaseOntoAnswerTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws { harness = try await InstanceHarness() }
    override func tearDown() async throws { await harness?.shutdown() }

    /// A copy holding the instance's note at version 1 with two offline edits on it, a retitle then `second`, both
    /// based on 1 (V-2); another writer then retitles the note too, with `theirs`, at version 2, so the copy's retitle
    /// is merged past its base (V-9: the later title wins).
    private func twoEditsOverAnotherWriter(
        second: JSONObject, theirs: JSONObject
    ) async throws -> (WorkingCopy, String, QueuedWrite, QueuedWrite) {
        let (copy, id) = try await harness.hydratedCopy()
        let first = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        let later = try await copy.items.update(id, Edit(properties: second, baseVersion: 1))
        XCTAssertEqual(later.baseVersion, 1, "witness: offline edits share the copy's base")
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto",
            body: ["version": 1, "properties": .object(theirs.merging(["title": "theirs"]) { new, _ in new })])
        XCTAssertEqual(status, 200)
        return (copy, id, first, later)
    }

    func testAnEditMovesOntoAMergedAnswerThatHoldsWhatItRead_V18_Issue28_13() async throws {
        let (copy, id, first, later) = try await twoEditsOverAnotherWriter(
            second: ["body": "my body"], theirs: ["notes": "their notes"])
        let report = try await copy.queue.drain()
        let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
        guard case .merged? = verdicts[first.id] else {
            return XCTFail("witness: the retitle is merged past its base: \(report.verdicts)")
        }
        XCTAssertEqual(
            verdicts[later.id], .accepted,
            "the body edit read nothing the merged answer changed, so it goes on that answer: \(report.verdicts)")
        expectEqual(try await copy.queue.all().first { $0.id == later.id }?.baseVersion, 3)
        let (_, served) = try await harness.request("GET", "/items/\(id)")
        let properties = served.object?["item"]?.object?["properties"]?.object
        XCTAssertEqual(properties?["title"], "mine")
        XCTAssertEqual(properties?["body"], "my body")
        XCTAssertEqual(properties?["notes"], "their notes", "the other writer's change stands")
        await copy.close()
    }

    func testAnEditKeepsItsBaseBehindAMergedAnswerHoldingAValueItDidNotRead_V17_V18_Issue28_13() async throws {
        let (copy, id, first, later) = try await twoEditsOverAnotherWriter(
            second: ["body": "my body"], theirs: ["body": "their body"])
        let report = try await copy.queue.drain()
        let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.verdict) })
        guard case .merged? = verdicts[first.id] else {
            return XCTFail("witness: the retitle is merged past its base: \(report.verdicts)")
        }
        expectEqual(try await copy.queue.all().first { $0.id == later.id }?.baseVersion, 1, "its own base")
        guard case .conflicted? = verdicts[later.id] else {
            return XCTFail("sent on its own base, the body edit meets the other writer's body: \(report.verdicts)")
        }
        let (_, served) = try await harness.request("GET", "/items/\(id)")
        XCTAssertEqual(
            served.object?["item"]?.object?["properties"]?.object?["body"], "their body",
            "a body this device never read is not overwritten")
        await copy.close()
    }

    /// The copy's retitle reached the instance but its answer was lost; another writer then moved the note on, and the
    /// copy caught up to that. The resend is answered from the instance's record with the older row.
    func testAReplayedOlderAnswerNeverOverridesTheNewerRowTheCopyCaughtUpTo_Q39_Issue28_13() async throws {
        let (copy, id) = try await harness.hydratedCopy()
        let edit = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        let (sent, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: .object(edit.body), idempotencyKey: edit.idempotencyKey)
        XCTAssertEqual(sent, 200, "witness: the retitle was written, at version 2")
        let (moved, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 2, "properties": ["notes": "theirs"]])
        XCTAssertEqual(moved, 200)
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.version, 3, "witness: the copy caught up to version 3")

        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.first?.replayed, true, "witness: answered from the record: \(report.verdicts)")
        let shown = try await copy.items.get(id)
        XCTAssertEqual(shown?.version, 3, "the replayed answer at version 2 does not take the copy back")
        XCTAssertEqual(shown?.properties["notes"], "theirs")
        XCTAssertEqual(shown?.properties["title"], "mine")
        await copy.close()
    }
}
