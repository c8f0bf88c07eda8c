import Foundation
import MarfaTestSupport
import XCTest

/// Issue 28 points 13 and 14 through `marfa --json device`, against the reference instance: a later edit of the row
/// a keyed create landed on names no dependency and goes (Q-48, Q-49), and an edit behind a merged answer that holds
/// what it read is sent on that answer (V-18).
final class LandedCreateCommandTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws { await harness?.shutdown() }

    func testALaterEditOfTheLandedRowNamesNoDependency_Q48_Q49_Issue28_14() async throws {
        harness = try await InstanceHarness(front: front)
        let existing = try await harness.createItem(
            type: "core.note", title: "already there", extra: ["source_id": "file-9"])
        XCTAssertEqual(try harness.device(["hydrate", "--types", "core.note", "--tier", "all"]).status, 0)
        let create = try harness.device([
            "items", "create", "--type", "core.note", "--properties", #"{"title":"mine","body":"b"}"#,
            "--source-id", "file-9", "--version", "0",
        ])
        XCTAssertEqual(create.status, 0, create.stderr)
        let landed = try harness.device(["drain"])
        XCTAssertEqual(landed.status, 0, landed.stderr)
        let line = landed.answer?.object?["verdicts"]?.array?.first?.object
        XCTAssertEqual(line?["verdict"], "refused", "witness: \(landed.answer ?? .null)")
        XCTAssertEqual(line?["item_id"]?.string, existing)
        let later = try harness.device(
            ["items", "update", existing, "--version", "1", "--properties", #"{"title":"after"}"#])
        XCTAssertEqual(later.status, 0, later.stderr)
        XCTAssertEqual(later.answer?.object?["depends_on"], [], "a later edit of the landed row waits on no create")
        let sent = try harness.device(["drain"])
        let verdicts = sent.answer?.object?["verdicts"]?.array?.compactMap { $0.object?["verdict"]?.string }
        XCTAssertEqual(verdicts, ["accepted"], "\(sent.answer ?? .null)")
    }

    func testAnEditBehindAMergedAnswerHoldingWhatItReadIsSentOnThatAnswer_V18_Issue28_13() async throws {
        let id: String
        (harness, id) = try await InstanceHarness.hydratedByDevice(front: front, title: "shared")
        for properties in [#"{"title":"mine"}"#, #"{"body":"my body"}"#] {
            let queued = try harness.device(["items", "update", id, "--version", "1", "--properties", properties])
            XCTAssertEqual(queued.status, 0, queued.stderr)
        }
        let (moved, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["title": "theirs"]])
        XCTAssertEqual(moved, 200)
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 0, drained.stderr)
        let verdicts = drained.answer?.object?["verdicts"]?.array?.compactMap { $0.object?["verdict"]?.string }
        XCTAssertEqual(verdicts, ["merged", "accepted"], "\(drained.answer ?? .null)")
        let queue = try harness.device(["queue"], server: false).answer?.array
        XCTAssertEqual(
            queue?.compactMap { $0.object?["base_version"]?.integer }, [1, 3],
            "the body edit went on the merged answer, version 3")
    }
}
