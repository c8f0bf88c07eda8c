import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Edits refused before queueing (issue 28 points 6 to 9): an update names its version (Q-5, V-20); a retype to a
/// type the catalog lacks is `unknown_type` (V-21); a stale, zero or future base not sent as read is `invalid`
/// (V-20); a same-type retype and the current tier send nothing for them (V-21).
final class LocalEditRefusalTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    private var id = ""

    override func setUp() async throws {
        harness = try await InstanceHarness(front: front)
        id = try await harness.createItem(type: "core.note", title: "held")
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "held at two"]])
        XCTAssertEqual(status, 200)
        let hydrated = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
        XCTAssertEqual(try harness.device(["items", "get", id], server: false).answer?.object?["version"], 2)
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func update(_ extra: [String]) throws -> DeviceOutcome {
        try harness.device(["items", "update", id, "--properties", #"{"title":"edited"}"#] + extra)
    }

    private func expectNothingQueued(_ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try harness.device(["queue"], server: false).answer, [], what, file: file, line: line)
    }

    func testAnUpdateWithoutAVersionIsRefusedLocally_Q5_V20_Issue28_6() throws {
        front.clear()
        let refused = try update([])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "invalid", refused.stderr)
        try expectNothingQueued("an update with no version was queued")
        XCTAssertEqual(front.lines, [], "nothing is sent")
        XCTAssertEqual(try update(["--version", "2"]).status, 0, "witness: the same edit with its version queues")
    }

    func testARetypeToATypeTheCatalogLacksIsRefusedUnknownType_V21_Issue28_7() throws {
        let refused = try update(["--version", "2", "--type", "acme.nothing"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "unknown_type", refused.stderr)
        try expectNothingQueued("a retype to an unknown type was queued")
        XCTAssertEqual(try update(["--version", "2", "--type", "core.task"]).status, 0, "witness: a held type queues")
    }

    func testAStaleZeroOrFutureBaseNotSentAsReadIsRefusedInvalid_V20_Issue28_8() throws {
        for extra in [["--version", "1"], ["--version", "0"], ["--version", "3"], ["--version", "0", "--as-read"],
                      ["--version", "3", "--as-read"]] {
            let refused = try update(extra)
            XCTAssertEqual(refused.status, 1, "\(extra): \(refused.stderr)")
            XCTAssertEqual(refused.code, "invalid", "\(extra): \(refused.stderr)")
        }
        try expectNothingQueued("a refused base was queued")
        let asRead = try update(["--version", "1", "--as-read"])
        XCTAssertEqual(asRead.status, 0, "witness: an older read declared as read queues: \(asRead.stderr)")
        XCTAssertEqual(asRead.answer?.object?["base_version"], 1)
    }

    func testASameTypeRetypeAndTheCurrentTierSendNothingForThem_V21_Issue28_9() throws {
        let held = try harness.device(["items", "get", id], server: false).answer
        let tier = try XCTUnwrap(held?.object?["tier"]?.string)
        let queued = try update(["--version", "2", "--type", "core.note", "--tier", tier])
        XCTAssertEqual(queued.status, 0, queued.stderr)
        let body = try XCTUnwrap(queued.answer?.object?["body"]?.object)
        XCTAssertNil(body["retype"], "\(body)")
        XCTAssertNil(body["type"], "\(body)")
        XCTAssertNil(body["tier"], "\(body)")
        XCTAssertEqual(body["properties"], ["title": "edited"])
    }
}
