import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// `marfa --json device --db … drain`, one process per operation as the device suite drives it: the report's
/// field names, the queue after it, and exit 5 when a refused key stops the drain (device-cli.md, Q-17, Q-26).
final class DrainCommandTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func device(
        _ store: URL, _ words: [String], server: (URL, String)? = nil
    ) throws -> (Int32, JSONValue?, String) {
        let run = try runMarfa(
            ["--json", "device", "--db", store.path] + words
                + (server.map { ["--url", $0.0.absoluteString, "--key", $0.1] } ?? []))
        return (run.status, try? JSONValue(json: run.stdout), run.stderr)
    }

    func testADrainReportsEveryBucketAndVerdictUnderTheSuitesNames_Q17_Q19() async throws {
        let server = (harness.url, harness.key)
        let (hydrated, _, hydrateError) = try device(
            harness.store, ["hydrate", "--types", "core.note", "--tier", "all"], server: server)
        XCTAssertEqual(hydrated, 0, hydrateError)
        let (created, write, createError) = try device(
            harness.store, ["items", "create", "--type", "core.note", "--properties", #"{"title":"t","body":"b"}"#],
            server: server)
        XCTAssertEqual(created, 0, createError)
        let id = try XCTUnwrap(write?.object?["item_id"]?.string)
        _ = try device(harness.store, ["tags", "add", id, "red"], server: server)

        let (status, report, stderr) = try device(harness.store, ["drain"], server: server)
        XCTAssertEqual(status, 0, stderr)
        let object = try XCTUnwrap(report?.object)
        XCTAssertEqual(
            Set(object.keys),
            ["answered", "held", "undelivered", "unsent", "unmade", "unavailable", "verdicts", "stopped",
             "unclaimed_sources", "retry_after_seconds"])
        XCTAssertEqual(object["answered"], 2)
        let verdicts = object["verdicts"]?.array ?? []
        XCTAssertEqual(verdicts.compactMap { $0.object?["verdict"]?.string }, ["accepted", "accepted"])
        XCTAssertEqual(
            Set(verdicts.first?.object?.keys ?? []),
            ["id", "kind", "item_id", "edge_id", "verdict", "reason", "conflicted_copy_id", "refusals", "replayed",
             "merged_fields", "refusal"])
        let (_, queue, _) = try device(harness.store, ["queue"])
        XCTAssertEqual(queue?.array?.compactMap { $0.object?["verdict"]?.string }, ["accepted", "accepted"])
        let (_, forgotten, _) = try device(harness.store, ["forget"])
        XCTAssertEqual(forgotten, 2)
    }

    func testADrainARefusedKeyStoppedExitsFiveWithItsReport_Q26() async throws {
        let wrong = (harness.url, "marfa_k1_not-a-key")
        _ = try device(
            harness.store, ["items", "create", "--type", "core.note", "--properties", #"{"title":"t","body":"b"}"#],
            server: wrong)
        let (status, report, stderr) = try device(harness.store, ["drain"], server: wrong)
        XCTAssertEqual(status, 5)
        XCTAssertNotNil(report?.object?["stopped"]?.string, "the report is still printed")
        let refusal = try JSONValue(json: stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(refusal.object?["exit"], 5)
        XCTAssertEqual(refusal.object?["error"]?.object?["code"], "unauthorized")
        let (released, count, _) = try device(harness.store, ["release", "--reason", "credential_refused"])
        XCTAssertEqual(released, 0)
        XCTAssertEqual(count, 1)
    }
}
