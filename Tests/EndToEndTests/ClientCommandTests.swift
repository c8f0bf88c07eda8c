import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The tutorial's `marfa items …` commands against the reference instance, read as a person reads them (seed 002).
final class ClientCommandTests: XCTestCase {
    private func marfa(_ arguments: [String], url: URL, key: String) throws -> (Int32, String, String) {
        let run = try runMarfa(arguments, environment: ["MARFA_API_URL": url.absoluteString, "MARFA_API_KEY": key])
        return (run.status, run.stdout, run.stderr)
    }

    func testTheTutorialsRenameFromAnotherDeviceIsMergedOverAnOlderVersion_V8() async throws {
        let harness = try await InstanceHarness()
        let url = harness.url
        let key = harness.key
        let id = try await harness.createItem(type: "core.note", title: "Bleak House")
        let (_, patched) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "A novel."]])
        XCTAssertEqual(patched.object?["item"]?.object?["version"], 2)
        let (status, stdout, stderr) = try marfa(
            ["items", "update", id, "--version", "1", "--prop", "title=Changed elsewhere"], url: url, key: key)
        XCTAssertEqual(status, 0, stderr)
        let lines = stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.hasPrefix("\(id)  core.note  ") == true, stdout)
        XCTAssertTrue(lines.first?.hasSuffix("  Changed elsewhere") == true, stdout)
        XCTAssertTrue(stdout.contains("\"title\": \"Changed elsewhere\""), stdout)
        XCTAssertTrue(stdout.contains("\"body\": \"A novel.\""), "the other writer's body is kept: \(stdout)")
        let (listed, listOut, _) = try marfa(["--json", "items", "list", "--type", "core.note"], url: url, key: key)
        XCTAssertEqual(listed, 0)
        XCTAssertEqual(try JSONValue(json: listOut).array?.first?.object?["version"], 3)
        let (refused, _, refusal) = try marfa(["--json", "items", "get", ItemID.make()], url: url, key: key)
        XCTAssertEqual(refused, 1)
        XCTAssertTrue(refusal.contains("\"code\":\"not_found\""), refusal)
        await harness.shutdown()
    }
}
