import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// How a device command ends (device-cli exit codes; issue 28 point 17, Decision 0090): a drain the instance left
/// unfinished exits 3 with its whole report on stdout; a redirect is never followed; a watch or a reader on an absent
/// store exits 2 `no_store`.
final class DeviceExitTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    private func queuedCreate() throws -> String {
        let created = try harness.device(
            ["items", "create", "--type", "core.note", "--properties", #"{"title":"t","body":"b"}"#])
        XCTAssertEqual(created.status, 0, created.stderr)
        return try XCTUnwrap(created.answer?.object?["item_id"]?.string)
    }

    func testADrainThatMeetsADroppedConnectionExitsThreeWithItsReport_Q22_Issue28_17() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        _ = try queuedCreate()
        front.script { request, _ in request.method == "POST" && request.path == "/items" ? .dropped : nil }
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 3, drained.stderr)
        XCTAssertEqual(drained.code, "network", drained.stderr)
        let report = try XCTUnwrap(drained.answer?.object, "the whole report is on stdout")
        XCTAssertEqual(report["undelivered"], 1)
        XCTAssertNotNil(report["unavailable"]?.string)
        XCTAssertEqual(try harness.device(["queue"], server: false).answer?.array?.count, 1, "the write stays queued")
    }

    func testAWatchOrAReaderOnAnAbsentStoreExitsTwoNoStoreCreatingNothing_WC3_Issue28_17() async throws {
        harness = try await InstanceHarness()
        let absent = harness.folder.appendingPathComponent("absent")
        for (words, reader) in [(["changes", "--for", "1"], false), (["queue"], true)] {
            let refused = try harness.device(words, server: false, reader: reader, store: absent)
            XCTAssertEqual(refused.status, 2, "\(words): \(refused.stderr)")
            XCTAssertEqual(refused.code, "no_store", "\(words): \(refused.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: absent.path), "\(words) created the store")
        }
    }
}

extension DeviceExitTests {
    func testARedirectIsNeverFollowedAndNamesBothLocations_P53_Issue28_17() async throws {
        let id: String
        (harness, id) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let elsewhere = harness.url.absoluteString + "/elsewhere/items/\(id)"
        front.script { request, _ in
            guard request.method == "PATCH", request.path == "/items/\(id)" else { return nil }
            var headers = HTTPHeaders()
            headers.add("Location", elsewhere)
            headers.add("X-Marfa-Contract", "3")
            return HTTPResponse(status: HTTPStatus(code: 307), headers: headers)
        }
        let queued = try harness.device(["items", "update", id, "--version", "1", "--properties", #"{"title":"x"}"#])
        XCTAssertEqual(queued.status, 0, queued.stderr)
        let drained = try harness.device(["drain"])
        XCTAssertEqual(drained.status, 1, drained.stderr)
        XCTAssertEqual(drained.code, "redirect", drained.stderr)
        XCTAssertTrue(drained.stderr.contains(elsewhere), "names where it was sent: \(drained.stderr)")
        XCTAssertTrue(drained.stderr.contains("/items/\(id)"), drained.stderr)
        XCTAssertFalse(front.lines.contains { $0.contains("/elsewhere") }, "the redirect was followed: \(front.lines)")
    }
}
