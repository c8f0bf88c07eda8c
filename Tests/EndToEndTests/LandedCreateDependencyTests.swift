import Foundation
import MarfaInstance
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// Keyed creates that land on another row (issue 28 point 14, Q-48, Q-49), through the Swift API against the
/// reference instance behind a scripted front: what a later edit of the landed row waits for, and what a read of that
/// row the instance refuses does to the create.
final class LandedCreateDependencyTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws { harness = try await InstanceHarness(front: front) }
    override func tearDown() async throws { await harness?.shutdown() }

    /// A copy hydrated over a note the instance holds under the natural key `file-9`, with a create of that key at
    /// version 0 queued (Q-49: "there is no row under this key"); answers the copy, the instance's row and the create.
    private func copyWithACreateOnATakenKey() async throws -> (WorkingCopy, String, QueuedWrite) {
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "b"], sourceId: "file-9", baseVersion: 0))
        return (copy, existing, create)
    }

    func testALaterEditOfTheLandedRowDependsOnNothingAndGoes_Q48_Q49_Issue28_14() async throws {
        let (copy, existing, create) = try await copyWithACreateOnATakenKey()
        let landed = try await copy.queue.drain()
        guard case .refused? = landed.verdicts.first(where: { $0.id == create.id })?.verdict else {
            return XCTFail("witness: the create is refused and the copy moves onto the row: \(landed.verdicts)")
        }
        XCTAssertEqual(landed.verdicts.first?.itemId, existing)
        let row = try await copy.items.get(existing)
        let held = try XCTUnwrap(row)
        let later = try await copy.items.update(
            existing, Edit(properties: ["title": "after"], baseVersion: held.version))
        XCTAssertEqual(later.dependsOn, [], "a later edit of the landed row waits on no create")
        let report = try await copy.queue.drain()
        XCTAssertEqual(
            report.verdicts.first(where: { $0.id == later.id })?.verdict, .accepted,
            "the later edit is sent, not refused for the create ahead: \(report.verdicts)")
        let (_, served) = try await harness.request("GET", "/items/\(existing)")
        XCTAssertEqual(served.object?["item"]?.object?["properties"]?.object?["title"], "after")
        await copy.close()
    }

    func testAReadOfTheLandedRowRefused403BlocksTheCreateAncestorUnavailable_Q48_Issue28_14() async throws {
        let (copy, existing, create) = try await copyWithACreateOnATakenKey()
        front.script { request, _ in
            guard request.method == "GET", request.path == "/items/\(existing)" else { return nil }
            return ScriptedFront.refusal(403, "type_not_permitted", "no access to this type")
        }
        let report = try await copy.queue.drain()
        XCTAssertTrue(front.lines.contains("GET /items/\(existing)"), "witness: the landed row was read")
        let verdict = report.verdicts.first(where: { $0.id == create.id })
        guard case .blocked(.ancestorUnavailable, _)? = verdict?.verdict else {
            return XCTFail("a 403 on the landed row blocks the create ancestor_unavailable: \(report)")
        }
        XCTAssertNil(report.unavailable, "a 403 is no failure of the environment: \(report)")
        let minted = try await copy.items.get(create.itemId ?? "-")
        XCTAssertNotNil(minted, "the copy keeps the minted row")
        await copy.close()
    }
}
