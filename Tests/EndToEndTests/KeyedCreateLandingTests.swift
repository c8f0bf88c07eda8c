import Foundation
import MarfaTestSupport
import XCTest
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import Marfa
@testable import MarfaEngine

/// Keyed creates that land on another row, against the reference instance: what moves with them, and
/// what the copy shows after. Found by a second independent review of the drain.
final class KeyedCreateLandingTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws { harness = try await InstanceHarness() }
    override func tearDown() async throws { await harness?.shutdown() }

    /// the refused create's inline edges were never made by the instance; QueueRetarget moves them onto the
    /// landed row and settleLanded keeps them.
    func testAKeyedCreateRefused409LeavesNoPlaceholderEdgeOnTheLandedRow_Q48() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        let (copy, target) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "b"], sourceId: "file-9",
                  edges: ["references": [target]], baseVersion: 0))
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first(where: { $0.id == create.id })?.verdict else {
            return XCTFail("witness: Q-48 refuses the create: \(report.verdicts)")
        }
        let (_, served) = try await harness.request("GET", "/edges")
        let shown = try await copy.edges.from(existing)
        XCTAssertEqual(shown.map(\.version), [], "no edge the instance never made; instance: \(served)")
        await copy.close()
    }

    /// an extension write on the minted row is refused unsent, yet its body stays on the landed row.
    func testAnExtensionWriteRefusedUnsentByQ48LeavesNothingOnTheLandedRow_Q48() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        let (copy, _) = try await harness.hydratedCopy()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "b"], sourceId: "file-9", baseVersion: 0))
        let minted = try XCTUnwrap(create.itemId)
        let ext = try await copy.extensions.write("app", ["pinned": true], on: minted)
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first(where: { $0.id == ext.id })?.verdict else {
            return XCTFail("witness: the extension write is refused unsent: \(report.verdicts)")
        }
        let held = await copy.engine.state.extensions[existing]?["app"]
        XCTAssertNil(held, "a refused extension write leaves nothing on the row it never reached")
        await copy.close()
    }

    /// another create whose inline edge names the keyed create's minted id; the keyed create lands on the
    /// instance's row, but the other create's body still names the minted id, which the instance never held.
    func testACreateWithAnInlineEdgeToAKeyedCreateFollowsItOntoTheRow_Q14() async throws {
        let existing = try await harness.createItem(
            type: "core.note", title: "from the feed", extra: ["source_id": "feed-42"])
        let (copy, _) = try await harness.hydratedCopy()
        let keyed = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "imported", "body": "b"], sourceId: "feed-42"))
        let minted = try XCTUnwrap(keyed.itemId)
        let other = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "links to it", "body": "b"], edges: ["references": [minted]]))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.verdicts.first?.itemId, existing, "witness: the keyed create landed on the row")
        XCTAssertEqual(
            report.verdicts.first(where: { $0.id == other.id })?.verdict, .accepted,
            "the other create is sent with its edge on the row the keyed create landed on: \(report.verdicts)")
        let queued = try await copy.queue.all()
        XCTAssertEqual(
            queued.first(where: { $0.id == other.id })?.body["edges"], ["references": [.string(existing)]])
        await copy.close()
    }
}
