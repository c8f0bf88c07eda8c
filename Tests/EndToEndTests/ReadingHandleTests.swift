import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Reading handles never take the writer role (WC-2, WC-3; issue 28 point 4): a running `changes` opens as a
/// reader, and `--reader` refuses hydrate, catch-up and follow `reading_handle` before any stream opens.
final class ReadingHandleTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testARunningChangesWatchOpensAsAReaderSoTheWritersCreatesGoOn_WC3_Issue28_4() async throws {
        let watch = try RunningMarfa(["--json", "device", "--db", harness.store.path, "changes", "--for", "60"])
        try await eventually(20, "the watch to start") { !watch.lines.isEmpty }
        XCTAssertEqual(watch.lines.first, ["watching": true])
        let created = try harness.device(
            ["items", "create", "--type", "core.note", "--properties", #"{"title":"t","body":"b"}"#], server: false)
        XCTAssertEqual(created.status, 0, "the writer's create was refused while a watch ran: \(created.stderr)")
        let id = try XCTUnwrap(created.answer?.object?["item_id"]?.string)
        try await eventually(20, "the watch to print the writer's save") {
            watch.lines.contains { $0.object?["item_ids"]?.array?.contains(.string(id)) == true }
        }
        expectEqual(await watch.interrupt(), 0)
    }

    func testAReaderRefusesHydrateCatchUpAndFollowBeforeAnyStreamOpens_WC2_Issue28_4() throws {
        front.clear()
        for words in [["hydrate", "--types", "core.note", "--tier", "all"], ["catch-up"], ["follow", "--for", "1"]] {
            let refused = try harness.device(words, reader: true)
            XCTAssertEqual(refused.status, 1, "\(words): \(refused.stderr)")
            XCTAssertEqual(refused.code, "reading_handle", "\(words): \(refused.stderr)")
        }
        XCTAssertEqual(front.lines, [], "a reading handle reached the instance")
        let listed = try harness.device(["items", "list"], server: false, reader: true)
        XCTAssertEqual(listed.answer?.array?.count, 1, "the witness: the reading handle reads \(listed.stderr)")
    }
}
