import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// The device command line's output for a person is readable (issue 29, "The main job is the tutorial"): `search`
/// prints title, snippet and score as a table, lists are tables, and `--json` is the answer as it was.
final class HumanOutputTests: XCTestCase {
    private var harness: InstanceHarness!
    private var store: URL { harness.store }

    /// Two notes on the instance, and a copy that hydrated them (reads before a hydration are refused, WC-4).
    override func setUp() async throws {
        harness = try await InstanceHarness()
        for (title, body) in [("Bleak House", "Fog everywhere."), ("Middlemarch", "Dorothea & the fog <of> Lowick.")] {
            let properties: JSONObject = ["title": .string(title), "body": .string(body)]
            _ = try await harness.createItem(type: "core.note", title: title, extra: ["properties": .object(properties)])
        }
        let hydrate = try runMarfa([
            "--json", "device", "--db", store.path, "hydrate", "--types", "core.note", "--tier", "all",
            "--url", harness.url.absoluteString, "--key", harness.key,
        ])
        XCTAssertEqual(hydrate.status, 0, hydrate.stderr)
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testSearchPrintsTitleSnippetAndScoreAsATable_Issue29() throws {
        let result = try runMarfa(["device", "--db", store.path, "search", "fog"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stdout)
        let header = try XCTUnwrap(lines.first, result.stdout)
        XCTAssertTrue(header.hasPrefix("TITLE"), "a header row: \(header)")
        XCTAssertTrue(header.contains("SNIPPET") && header.hasSuffix("SCORE"), header)
        let snippetColumn = try XCTUnwrap(header.range(of: "SNIPPET")).lowerBound.utf16Offset(in: header)
        for row in lines.dropFirst() {
            XCTAssertFalse(row.contains("{"), "no JSON dump: \(row)")
            XCTAssertTrue(row.contains("[Fog]") || row.contains("[fog]"), "the match marked: \(row)")
            let cell = row.utf16.dropFirst(snippetColumn).prefix(1)
            XCTAssertNotEqual(String(cell), " ", "columns line up under their header: \(row)")
        }
        XCTAssertTrue(result.stdout.contains("Dorothea & the [fog] <of> Lowick."), "HTML read back: \(result.stdout)")
    }

    func testAListIsATableAndJSONIsUnchanged_Issue29() throws {
        let human = try runMarfa(["device", "--db", store.path, "items", "list", "--type", "core.note"])
        XCTAssertEqual(human.status, 0, human.stderr)
        let lines = human.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true), ["ID", "TYPE", "TITLE"])
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.contains("core.note") })

        let json = try runMarfa(["--json", "device", "--db", store.path, "search", "fog"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let hits = try XCTUnwrap(try JSONValue(json: json.stdout).array)
        XCTAssertEqual(hits.count, 2)
        XCTAssertEqual(hits.first?.object?.keys.sorted(), ["item", "score", "snippet"], "--json keeps its fields")
        XCTAssertTrue(hits.allSatisfy { $0.object?["snippet"]?.string?.contains("<mark>") == true }, "HTML kept")
    }
}
