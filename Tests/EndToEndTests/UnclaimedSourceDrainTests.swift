import Foundation
import Marfa
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

/// Issue 28 point 15 and issue 29 "unclaimed sources in the drain report" (Q-30, Q-23, Q-19): a create refused
/// `403 forbidden` whose details are exactly `{source}` blocks every create naming that source `credential_refused`
/// after one POST, the report names the source in `unclaimed_sources`, and the drain goes on; once the key claims the
/// source the next drain sends them with no release. Other 403 shapes are refusals. The reference instance stands
/// behind a scripted front that refuses the source until the test grants the claim (the operator key the instance
/// sees writes under any source).
final class UnclaimedSourceDrainTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()
    /// Whether the key claims `notes` yet, as an operator granting the claim would make it.
    private let claimed = LockedValue(false)
    private let sentSources = LockedValue<[String: Int]>([:])

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Refuses creates naming `notes` as an instance refuses a source the key does not claim, until `claimed`; a
    /// create naming `wider` gets a 403 naming the source beside something more, `listed` the allow-list's 403.
    private func scriptSources() {
        let claimed = claimed
        front.script { request, _ in
            guard request.method == "POST", request.path == "/items",
                let body = try? JSONValue(jsonBytes: request.body), let source = body.object?["source"]?.string
            else { return nil }
            switch source {
            case "notes" where !claimed.withLock({ $0 }):
                return Self.forbidden(#"{"source":"notes"}"#)
            case "wider":
                return Self.forbidden(#"{"source":"wider","reason":"something else"}"#)
            case "listed":
                return Self.forbidden(#"{"type":"core.note","source":"listed","allowed":["other"]}"#)
            default:
                return nil
            }
        }
    }

    /// `403 forbidden` with the contract header and `details`.
    private static func forbidden(_ details: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("X-Marfa-Contract", "3")
        return .json(
            HTTPStatus(code: 403), headers: headers,
            text: #"{"error":{"code":"forbidden","message":"refused","details":\#(details)}}"#)
    }

    /// Queues a note create naming `source` (none when nil); answers the queued write's id and its item id.
    private func create(_ title: String, source: String?) throws -> (id: String, item: String) {
        try harness.queuedNote(
            title, source.map { ["--source", $0, "--source-id", "\(title).md", "--version", "0"] } ?? [])
    }

    /// How many `POST /items` named each source so far.
    private var postsNaming: [String: Int] { sentSources.withLock { $0 } }

    /// Counts each POST /items by the source it names, without answering it.
    private func countSources() {
        let sent = sentSources
        front.script { request, _ in
            if request.method == "POST", request.path == "/items",
                let source = (try? JSONValue(jsonBytes: request.body))?.object?["source"]?.string
            {
                sent.withLock { $0[source, default: 0] += 1 }
            }
            return nil
        }
    }

    func testAnUnclaimedSourceBlocksItsCreatesAfterOnePostAndTheDrainGoesOn_Q30_Issue28_15() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        countSources()
        scriptSources()
        let first = try create("a", source: "notes")
        let second = try create("b", source: "notes")
        let own = try create("own", source: nil)
        let listed = try create("listed", source: "listed")
        let wider = try create("wider", source: "wider")
        let edit = try harness.device(["items", "update", held, "--version", "1", "--properties", #"{"title":"e"}"#])
        XCTAssertEqual(edit.status, 0, edit.stderr)

        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 0, "an unclaimed source does not stop the drain: \(drained.stderr)")
        let report = try XCTUnwrap(drained.answer?.object, drained.stderr)
        var lines: [String: JSONObject] = [:]
        for line in report["verdicts"]?.array ?? [] {
            if let object = line.object, let id = object["id"]?.string { lines[id] = object }
        }
        for id in [first.id, second.id] {
            XCTAssertEqual(lines[id]?["verdict"], "blocked", "\(report)")
            XCTAssertEqual(lines[id]?["reason"], "credential_refused", "\(report)")
        }
        XCTAssertEqual(postsNaming["notes"], 1, "one POST finds the source unclaimed; the second create is not sent")
        XCTAssertEqual(lines[own.id]?["verdict"], "accepted")
        XCTAssertEqual((report["verdicts"]?.array ?? []).last?.object?["verdict"], "accepted", "the edit went")
        for id in [listed.id, wider.id] {
            XCTAssertEqual(lines[id]?["verdict"], "refused", "another 403 shape is a refusal: \(report)")
            XCTAssertEqual(lines[id]?["reason"], "forbidden")
        }
        XCTAssertEqual(report["unclaimed_sources"], ["notes"])
        XCTAssertEqual(report["stopped"], .null)
        let shown = try harness.device(["items", "get", first.item], server: false)
        XCTAssertEqual(shown.status, 0, "nothing is reconciled: the create's row is still shown: \(shown.stderr)")
        let waiting = try harness.device(
            ["items", "update", first.item, "--version", "0", "--properties", #"{"title":"a, edited"}"#])
        XCTAssertEqual(waiting.answer?.object?["depends_on"], [.string(first.id)], "an edit of its row waits for it")

        let again = try harness.device(["drain"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(postsNaming["notes"], 2, "still unclaimed: one create finds that out, the other is not sent")
        XCTAssertFalse(front.lines.contains { $0.hasPrefix("PATCH /items/\(first.item)") }, "the edit waits")
        XCTAssertEqual(again.answer?.object?["unclaimed_sources"], ["notes"])

        claimed.withLock { $0 = true }
        let granted = try harness.device(["drain"])
        XCTAssertEqual(granted.status, 0, granted.stderr)
        let verdicts = (granted.answer?.object?["verdicts"]?.array ?? []).compactMap { $0.object?["verdict"]?.string }
        XCTAssertEqual(
            verdicts, ["accepted", "accepted", "accepted"], "both go once the source is claimed, with no release, and "
                + "the edit behind the first")
        let patched = front.seen.last { $0.method == "PATCH" }
        XCTAssertNotEqual(patched?.path, "/items/\(first.item)", "the edit goes to the row the keyed create landed on")
        XCTAssertEqual(granted.answer?.object?["unclaimed_sources"], [])
        XCTAssertEqual(postsNaming["notes"], 4)
    }

    func testTheSwiftDrainReportNamesTheUnclaimedSource_Q30_Issue29() async throws {
        harness = try await InstanceHarness(front: front)
        scriptSources()
        let (copy, _) = try await harness.hydratedCopy(title: "held")
        let blocked = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "a", "body": "b"], source: "notes", sourceId: "a.md"))
        let own = try await copy.items.create(Draft(type: "core.note", properties: ["title": "own", "body": "b"]))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.unclaimedSources, ["notes"])
        XCTAssertNil(report.stopped)
        let line = report.verdicts.first { $0.id == blocked.id }
        guard case .blocked(.credentialRefused, let refusal)? = line?.verdict else {
            return XCTFail("the create naming the unclaimed source is not blocked: \(report)")
        }
        XCTAssertEqual(refusal?.code, "forbidden")
        XCTAssertEqual(report.verdicts.first { $0.id == own.id }?.verdict, .accepted)
        claimed.withLock { $0 = true }
        let granted = try await copy.queue.drain()
        XCTAssertEqual(granted.verdicts.map(\.id), [blocked.id])
        XCTAssertEqual(granted.verdicts.first?.verdict, .accepted)
        XCTAssertEqual(granted.unclaimedSources, [])
        await copy.close()
    }
}
