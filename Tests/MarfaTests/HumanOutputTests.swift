import Foundation
import Marfa
import XCTest

/// The device command line's output for a person is readable (issue 29, "The main job is the tutorial"): `search`
/// prints title, snippet and score as a table, lists are tables, and `--json` is the answer as it was.
final class HumanOutputTests: XCTestCase {
    private var store: URL!

    override func setUpWithError() throws {
        store = freshStore()
        addTeardownBlock { [store] in try? FileManager.default.removeItem(at: store!.deletingLastPathComponent()) }
        for (title, body) in [("Bleak House", "Fog everywhere."), ("Middlemarch", "Dorothea & the fog <of> Lowick.")] {
            let properties = "{\"title\": \"\(title)\", \"body\": \"\(body)\"}"
            let made = try runMarfa(
                ["device", "--db", store.path, "items", "create", "--type", "core.note", "--properties", properties])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
    }

    func testSearchPrintsTitleSnippetAndScoreAsATable_Issue29() throws {
        let result = try runMarfa(["device", "--db", store.path, "search", "fog"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.stdout)
        XCTAssertTrue(lines[0].hasPrefix("TITLE"), "a header row: \(lines[0])")
        XCTAssertTrue(lines[0].contains("SNIPPET") && lines[0].hasSuffix("SCORE"), lines[0])
        let snippetColumn = try XCTUnwrap(lines[0].range(of: "SNIPPET")).lowerBound.utf16Offset(in: lines[0])
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
