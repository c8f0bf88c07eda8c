import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The device command line keeps its own contract where the Swift pages let a stale copy be read (Decision 0109):
/// a store whose catch-up was told `catchup_too_old` answers no row read (`hydration_incomplete`, WC-4, WC-30), and
/// an answered retype leaves the device's copy readable with the row out of the slice (V-21), not expired.
final class DeviceStaleContractTests: FrontedInstanceCase {
    func testAStaleStoreAnswersNoRowReadOnTheCommandLine_WC4_WC30_Decision0109() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await harness.createItem(type: "core.note", title: "first")
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        try await writeNotesPastTheLog(of: copy)
        await copy.close()
        let caughtUp = try harness.device(["catch-up"])
        XCTAssertEqual(caughtUp.code, "catch_up_too_old", caughtUp.stderr)
        let status = try harness.device(["status"], server: false)
        XCTAssertEqual(status.answer?.object?["hydration"], "expired")
        let listed = try harness.device(["items", "list"], server: false)
        XCTAssertEqual(listed.code, "hydration_incomplete", "the device reads no stale row: \(listed.stderr)")
    }

    func testAnAnsweredRetypeLeavesTheDevicesCopyReadable_V21_Decision0110() async throws {
        let kept = try await harness.createItem(type: "core.note", title: "kept")
        let moving = try await harness.createItem(type: "core.note", title: "moving")
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)
        let queued = try harness.device(
            ["items", "update", moving, "--version", "1", "--properties", "{}", "--type", "core.task"])
        XCTAssertEqual(queued.status, 0, queued.stderr)
        XCTAssertEqual(try harness.device(["drain"]).status, 0)
        XCTAssertEqual(try harness.device(["status"], server: false).answer?.object?["hydration"], "complete")
        let listed = try harness.device(["items", "list"], server: false)
        XCTAssertEqual(listed.answer?.array?.compactMap { $0.object?["id"]?.string }, [kept], listed.stderr)
    }
}
