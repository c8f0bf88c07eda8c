import Foundation
import Marfa
import XCTest

/// Issue26.2 across processes (device-cli "One store has one writer": a second process is a reading handle whose
/// writes are refused `reading_handle`): deleting `lock` under a live `follow` admits no second writer, and what
/// the follow applied stays.
final class StolenLockCommandTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testDeletingLockUnderALiveFollowAdmitsNoSecondWriter_Issue26_2() async throws {
        let (follow, applied) = try await harness.followingWriter()
        try FileManager.default.removeItem(atPath: harness.store.path + "/lock")

        let (status, _, stderr) = try RunningMarfa.run(harness.deviceArguments(
            ["items", "create", "--type", "core.note", "--properties", "{\"title\":\"second\",\"body\":\"writer\"}"],
            server: false))
        XCTAssertEqual(status, 1, "a second writer was admitted: \(stderr)")
        XCTAssertTrue(stderr.contains("\"code\":\"reading_handle\""), stderr)

        let later = try await harness.createItem(type: "core.note", title: "applied after the lock went")
        try await eventually(20, "the follow to go on applying events") {
            follow.lines.contains { $0.object?["item_id"]?.string == later }
        }
        await follow.interrupt()
        let (listed, out, listError) = try RunningMarfa.run(harness.deviceArguments(["items", "list", "--type", "core.note"], server: false))
        XCTAssertEqual(listed, 0, listError)
        let ids = Set((try JSONValue(jsonBytes: out)).array?.compactMap { $0.object?["id"]?.string } ?? [])
        XCTAssertTrue(ids.isSuperset(of: [applied, later]), "what the follow applied stays: \(ids)")
    }
}
