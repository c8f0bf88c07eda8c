import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// Issue 28 point 23 against the reference instance over loopback: `unpin` works offline (Swift API and device
/// CLI); a pin the key can no longer read survives an aged-out re-hydration while its row goes, and the
/// re-hydration completes (WC-39, WC-40).
final class PinsOfflineAndRehydrationTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        harness = try await InstanceHarness(front: front)
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A copy of the notes with a task outside the slice pinned, closed; answers the task's id.
    private func pinnedTaskByDevice() async throws -> String {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        let task = try await harness.createItem(type: "core.task", title: "outside the slice")
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)
        let pinned = try harness.device(["pin", task])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        return task
    }

    func testUnpinWorksOfflineThroughTheSwiftAPI_Issue28_23_WC40() async throws {
        let task = try await pinnedTaskByDevice()
        await harness.instance.stop()
        let offline = try await WorkingCopy.open(store: harness.store)
        expectEqual(try await offline.status().pinned, [task])
        let report = try await offline.unpin(task)
        XCTAssertEqual(report, PinReport(pinned: false, wasPinned: true))
        expectEqual(try await offline.status().pinned, [])
        let gone = try await offline.items.get(task)
        XCTAssertNil(gone, "unpinned, the slice does not take the task")
        expectEqual(try await offline.unpin(task), PinReport(pinned: false, wasPinned: false))
        await offline.close()
    }

    func testUnpinWorksOfflineThroughTheDeviceCLI_Issue28_23_WC40() async throws {
        let task = try await pinnedTaskByDevice()
        await harness.instance.stop()
        let unpinned = try harness.device(["unpin", task], server: false)
        XCTAssertEqual(unpinned.status, 0, unpinned.stderr)
        XCTAssertEqual(unpinned.answer?.object?["pinned"], false)
        XCTAssertEqual(unpinned.answer?.object?["was_pinned"], true)
        let status = try harness.device(["status"], server: false)
        XCTAssertEqual(status.answer?.object?["pinned"], .array([]), status.stderr)
        let again = try harness.device(["unpin", task])
        XCTAssertEqual(again.status, 0, "with --url naming a stopped instance too: \(again.stderr)")
        XCTAssertEqual(again.answer?.object?["was_pinned"], false)
    }

    /// A copy of the notes, hydrated through the Swift API, with a task outside the slice pinned; answers it and
    /// the task's id.
    private func pinnedTaskCopy() async throws -> (WorkingCopy, String) {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        let task = try await harness.createItem(type: "core.task", title: "outside the slice")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        _ = try await copy.pin(task)
        let held = try await copy.items.get(task)
        XCTAssertNotNil(held, "witness: the pin holds the row while the key reads it")
        return (copy, task)
    }

    func testAPinTheKeyCanNoLongerReadSurvivesAnAgedOutRehydrationWithoutItsRow_Issue28_23_WC39() async throws {
        let (copy, task) = try await pinnedTaskCopy()
        try await harness.ageOut(copy, trimmingThrough: 4)
        try await copy.useKey(try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read])))
        let report = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertEqual(report.items, 4, "the notes are held, and not the task")
        let status = try await copy.status()
        XCTAssertEqual(status.hydration, .complete)
        XCTAssertEqual(status.pinned, [task], "the pin stays though the key cannot read its row")
        let dropped = try await copy.items.get(task)
        XCTAssertNil(dropped, "the copy holds no row the key can no longer read")
        await copy.close()
    }

    func testAPinnedRowRefused403ToTheKeyHoldsNothingAndTheHydrationCompletes_Issue28_23_WC39() async throws {
        let (copy, task) = try await pinnedTaskCopy()
        front.script { request, _ in
            request.method == "GET" && request.path == "/items/\(task)"
                ? ScriptedFront.refusal(403, "type_not_permitted", "This key may not read core.task.") : nil
        }
        let report = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertEqual(report.items, 1)
        XCTAssertTrue(front.lines.contains("GET /items/\(task)"), "witness: the fill read the pinned row again")
        let status = try await copy.status()
        XCTAssertEqual(status.hydration, .complete)
        XCTAssertEqual(status.pinned, [task])
        let dropped = try await copy.items.get(task)
        XCTAssertNil(dropped)
        await copy.close()
    }
}
