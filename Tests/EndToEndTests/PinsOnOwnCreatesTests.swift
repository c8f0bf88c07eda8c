import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// Pins on the copy's own creates against the reference instance over loopback: a pin on an unanswered create
/// follows it to the answered id or goes when it is refused (WC-36, issue 28 point 23), and a create the slice does
/// not take pins itself when it is queued (WC-41, issue 29).
final class PinsOnOwnCreatesTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        harness = try await InstanceHarness(front: front)
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A copy of the notes (tier `tier`), hydrated.
    private func hydratedNotes(tier: SliceTier = .all) async throws -> WorkingCopy {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: tier)
        return copy
    }

    /// Refuses every `POST /items` from now on 400 `invalid_properties`, as the instance refuses a create it will
    /// not take.
    private func refuseCreates() {
        front.script { request, _ in
            request.method == "POST" && request.path == "/items"
                ? ScriptedFront.refusal(400, "invalid_properties", "not a note") : nil
        }
    }

    func testAPinOnAnUnansweredKeyedCreateMovesToTheAnsweredId_WC36_Issue28_23() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "mine", "body": "mine"], sourceId: "mine.md"))
        let minted = try XCTUnwrap(create.itemId)
        let pinned = try await copy.pin(minted)
        XCTAssertEqual(pinned, PinReport(pinned: true, wasPinned: false), "a pin on an own unanswered create")
        expectEqual(try await copy.status().pinned, [minted])
        let report = try await copy.queue.drain()
        let answered = try XCTUnwrap(report.verdicts.first { $0.id == create.id }?.itemId)
        XCTAssertNotEqual(answered, minted, "witness: a keyed create is answered with the instance's id")
        expectEqual(try await copy.status().pinned, [answered])
        expectEqual(try await copy.items.get(answered)?.properties["title"], "mine")
        await copy.close()
    }

    func testAPinOnACreateThatIsRefusedGoesWithIt_WC36_Issue28_23() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "refused", "body": "refused"]))
        let minted = try XCTUnwrap(create.itemId)
        _ = try await copy.pin(minted)
        expectEqual(try await copy.status().pinned, [minted])
        refuseCreates()
        front.script { request, _ in
            request.path == "/items/\(minted)" ? ScriptedFront.refusal(503, "unavailable", "later") : nil
        }
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first(where: { $0.id == create.id })?.verdict else {
            return XCTFail("witness: the create is refused: \(report.verdicts)")
        }
        let gone = try await copy.items.get(minted)
        XCTAssertNil(gone, "a refused create leaves no row")
        expectEqual(try await copy.status().pinned, [], "the pin goes with the refused create, whatever a read says")
        await copy.close()
    }

    func testACreateOfATypeTheSliceDoesNotTakePinsItselfAndStaysAfterItsEvent_WC41() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(Draft(type: "core.task", properties: ["title": "a task"]))
        let id = try XCTUnwrap(create.itemId)
        expectEqual(try await copy.status().pinned, [id], "pinned when it is queued")
        let note = try await copy.items.create(Draft(type: "core.note", properties: ["title": "a note", "body": "b"]))
        expectEqual(try await copy.status().pinned, [id], "a create the slice takes pins nothing")
        _ = try await copy.queue.drain()
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.properties["title"], "a task", "held after drain and its event")
        let noteRow = try await copy.items.get(try XCTUnwrap(note.itemId))
        XCTAssertNotNil(noteRow)
        expectEqual(try await copy.status().pinned, [id], "only an unpin releases an auto-pin")
        expectEqual(try await copy.unpin(id), PinReport(pinned: false, wasPinned: true))
        let released = try await copy.items.get(id)
        XCTAssertNil(released, "unpinned, the slice does not take the task")
        await copy.close()
    }

    func testACreateInATierTheSliceDoesNotTakePinsItself_WC41() async throws {
        let copy = try await hydratedNotes(tier: .library)
        let create = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "from the feed", "body": "b"], tier: .feed))
        let id = try XCTUnwrap(create.itemId)
        expectEqual(try await copy.status().pinned, [id])
        _ = try await copy.queue.drain()
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.tier, .feed, "held after drain and its event, in its tier")
        expectEqual(try await copy.status().pinned, [id])
        await copy.close()
    }

    func testAnAutoPinGoesWhenItsCreateIsRefused_WC41() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(Draft(type: "core.task", properties: ["title": "refused"]))
        let id = try XCTUnwrap(create.itemId)
        expectEqual(try await copy.status().pinned, [id])
        refuseCreates()
        _ = try await copy.queue.drain()
        let gone = try await copy.items.get(id)
        XCTAssertNil(gone)
        expectEqual(try await copy.status().pinned, [])
        await copy.close()
    }

    func testAnAutoPinFollowsAKeyedCreateToTheAnsweredId_WC41() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(
            Draft(type: "core.task", properties: ["title": "keyed"], sourceId: "task-1"))
        let minted = try XCTUnwrap(create.itemId)
        expectEqual(try await copy.status().pinned, [minted])
        let report = try await copy.queue.drain()
        let answered = try XCTUnwrap(report.verdicts.first { $0.id == create.id }?.itemId)
        XCTAssertNotEqual(answered, minted, "witness: the instance answered with its own id")
        _ = try await copy.catchUp()
        expectEqual(try await copy.status().pinned, [answered])
        let landed = try await copy.items.get(answered)
        XCTAssertNotNil(landed)
        await copy.close()
    }

    func testTheDeviceCLIShowsAnAutoPinInStatusThroughDrainAndCatchUp_WC41() async throws {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)
        let created = try harness.device(
            ["items", "create", "--type", "core.task", "--properties", #"{"title":"a task"}"#], server: false)
        XCTAssertEqual(created.status, 0, created.stderr)
        let id = try XCTUnwrap(created.answer?.object?["item_id"]?.string)
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["pinned"], .array([.string(id)]))
        XCTAssertEqual(try harness.device(["drain"]).status, 0)
        XCTAssertEqual(try harness.device(["catch-up"]).status, 0)
        let held = try harness.device(["items", "get", id], server: false)
        XCTAssertEqual(held.status, 0, "held after drain and its event: \(held.stderr)")
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["pinned"], .array([.string(id)]))
    }

    func testTheDeviceCLIMovesAPinOnAnOwnCreateToTheAnsweredIdOrDropsItWhenRefused_WC36_Issue28_23() async throws {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)
        let note = #"{"title":"mine","body":"mine"}"#
        let keyed = try harness.device(
            ["items", "create", "--type", "core.note", "--properties", note, "--source-id", "mine.md"], server: false)
        let minted = try XCTUnwrap(keyed.answer?.object?["item_id"]?.string, keyed.stderr)
        let pinned = try harness.device(["pin", minted])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        XCTAssertEqual(pinned.answer?.object?["was_pinned"], false)
        let drained = try harness.device(["drain"])
        let answered = try XCTUnwrap(drained.answer?.object?["verdicts"]?.array?.first?.object?["item_id"]?.string)
        XCTAssertNotEqual(answered, minted, "witness: a keyed create is answered with the instance's id")
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["pinned"], [.string(answered)])

        let refused = try harness.device(["items", "create", "--type", "core.note", "--properties", note], server: false)
        let doomed = try XCTUnwrap(refused.answer?.object?["item_id"]?.string, refused.stderr)
        XCTAssertEqual(try harness.device(["pin", doomed]).status, 0)
        refuseCreates()
        XCTAssertEqual(try harness.device(["drain"]).status, 0)
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["pinned"], [.string(answered)])
        XCTAssertNotEqual(try harness.device(["items", "get", doomed], server: false).status, 0)
    }

    func testAnAutoPinnedWaitingCreateStaysShownAndPinnedThroughAHydration_WC41_WC34_WC39() async throws {
        let copy = try await hydratedNotes()
        let create = try await copy.items.create(Draft(type: "core.task", properties: ["title": "waiting"]))
        let id = try XCTUnwrap(create.itemId)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertTrue(front.lines.contains("GET /items/\(id)"), "witness: the fill read the pinned id again")
        expectEqual(try await copy.status().pinned, [id])
        expectEqual(try await copy.items.get(id)?.properties["title"], "waiting", "the waiting create is laid over")
        _ = try await copy.queue.drain()
        _ = try await copy.catchUp()
        expectEqual(try await copy.items.get(id)?.properties["title"], "waiting")
        await copy.close()
    }
}
