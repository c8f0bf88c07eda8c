import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Change lines name applied changes only (issue 28 point 18, WC-78, Decision 0104): a `follow` prints no line for
/// a stale event it skipped or an event from outside its slice, and a reader's `changes` prints no line for a save
/// that names no row.
final class FollowChangeLinesTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testAFollowPrintsNoLineForAStaleOrOutOfSliceEvent_WC21_WC78_Issue28_18() async throws {
        let held = try await harness.createItem(type: "core.note", title: "held")
        let hydrated = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
        for (version, title) in [(1, "second"), (2, "third")] {
            let body: JSONValue = ["version": .integer(Int64(version)), "properties": ["title": .string(title)]]
            let (status, answer) = try await harness.request("PATCH", "/items/\(held)", body: body)
            XCTAssertEqual(status, 200, "\(answer)")
        }
        // The pin reads the row at version 3 while the cursor stays before both updates: the first is then stale.
        let pinned = try harness.device(["pin", held])
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        _ = try await harness.createItem(type: "core.bookmark", title: "outside the slice")
        let witness = try await harness.createItem(type: "core.note", title: "witness")

        let follow = try RunningMarfa(harness.deviceArguments(["follow", "--for", "60"], server: true))
        await eventually(30, "the follow to apply the witness") {
            follow.lines.contains { $0.object?["item_id"]?.string == witness }
        }
        expectEqual(await follow.interrupt(), 0)
        let lines = follow.lines.compactMap(\.object)
        let report = try XCTUnwrap(lines.last)
        XCTAssertGreaterThanOrEqual(report["skipped"]?.integer ?? 0, 1, "witness: an event was skipped \(report)")
        for change in lines.dropLast() {
            XCTAssertTrue(
                change["item_id"]?.string != nil || change["edge_id"]?.string != nil,
                "a change line names no row: \(change)")
        }
        XCTAssertEqual(lines.dropLast().last?["item_id"]?.string, witness)
    }

    func testAReaderPrintsNoSaveLineForASaveThatNamesNoRow_Issue28_18() async throws {
        let (writer, _) = try await harness.followingWriter()
        let reader = try RunningMarfa(harness.deviceArguments(["changes", "--for", "60"], server: false))
        await eventually(20, "the reader to start watching") { !reader.lines.isEmpty }
        _ = try await harness.createItem(type: "core.bookmark", title: "outside the slice")
        let witness = try await harness.createItem(type: "core.note", title: "witness")
        await eventually(30, "a saved line naming the witness") {
            reader.lines.contains { $0.object?["item_ids"]?.array?.contains(.string(witness)) == true }
        }
        expectEqual(await reader.interrupt(), 0)
        await writer.interrupt()
        let saves = reader.lines.dropFirst().dropLast().compactMap(\.object)
        XCTAssertFalse(saves.isEmpty)
        for save in saves {
            let named = (save["item_ids"]?.array?.count ?? 0) + (save["edge_ids"]?.array?.count ?? 0)
            XCTAssertGreaterThan(named, 0, "a saved line names no row: \(save)")
        }
    }
}
