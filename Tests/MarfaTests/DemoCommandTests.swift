import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The README's main job, run as a person runs it: `marfa demo` plays seed 002's tutorial against its own loopback
/// instance, one line per step.
final class DemoCommandTests: XCTestCase {
    private var answer: JSONObject = [:]
    private var narration = ""

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("marfa-demo-test-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let result = try runMarfa(["--json", "demo", "--dir", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        answer = try XCTUnwrap(try JSONValue(json: result.stdout).object)
        narration = result.stderr
    }

    private func line(_ step: String) -> [String] {
        (answer["steps"]?.array ?? []).compactMap { $0.object }.filter { $0["step"]?.string == step }
            .compactMap { $0["line"]?.string }
    }

    func testEachStepOfSeed002PrintsOneLine() throws {
        let steps = (answer["steps"]?.array ?? []).compactMap { $0.object?["step"]?.string }
        XCTAssertEqual(
            steps, ["create", "rename", "link", "link", "search", "search", "filter", "offline", "verdict", "conflict"])
        for step in answer["steps"]?.array ?? [] {
            let text = try XCTUnwrap(step.object?["line"]?.string)
            XCTAssertFalse(text.contains("\n"), "one line a step: \(text)")
            XCTAssertTrue(narration.contains(text), "each line is printed: \(text)")
        }
        XCTAssertEqual(
            line("create").first?.hasSuffix("the drain sent both: accepted, accepted"), true, "seed 002 line 8")
        XCTAssertEqual(line("rename").first?.contains("Sent (accepted)"), true, "seed 002 line 45")
    }

    func testLinksMoveFromPendingToResolvedAndMissing_Seed002Line143() throws {
        let links = (answer["links"]?.array ?? []).compactMap(\.object)
        XCTAssertEqual(links.map { $0["name"]?.string }, ["Middlemarch, by George Eliot", "Persuasion"])
        XCTAssertEqual(links.map { $0["before"]?.string }, ["pending", "pending"])
        XCTAssertEqual(links.map { $0["after"]?.string }, ["resolved", "missing"])
        let notes = answer["notes"]?.array?.compactMap(\.string) ?? []
        XCTAssertEqual(answer["references"]?.array?.compactMap(\.string), [notes.last].compactMap { $0 },
                       "F100: the references edge from Bleak House to Middlemarch")
        XCTAssertEqual(
            line("link").first, "2. Link [[Middlemarch, by George Eliot]] in Bleak House: pending -> resolved")
    }

    func testSearchHasSnippetsAndTheFilterIsTheCoresText_Seed000Line36_Seed002Line150() {
        let snippets = (answer["search"]?.array ?? []).compactMap { $0.object?["snippet"]?.string }
        XCTAssertEqual(snippets.count, 2)
        XCTAssertTrue(snippets.allSatisfy { $0.contains("<mark>Eliot</mark>") }, "\(snippets)")
        XCTAssertEqual(answer["filter"]?.string, #"properties.title contains "Bleak""#, "F051")
        XCTAssertEqual(answer["filtered"]?.array?.compactMap(\.string), ["Bleak House"])
    }

    func testTheOfflineRenameIsMergedAndTheBodyConflictKeepsACopy_Seed002Line67_F103_F104() throws {
        XCTAssertTrue(line("offline").first?.contains("1 write waits") == true, "F102: the queue survives a quit")
        let verdict = try XCTUnwrap(answer["verdict"]?.object)
        XCTAssertEqual(verdict["verdict"], "merged")
        XCTAssertEqual(verdict["fields"], ["title"])
        XCTAssertEqual(verdict["title"], "Bleak House, by Dickens", "the note keeps the last writer's title")
        let conflict = try XCTUnwrap(answer["conflict"]?.object)
        XCTAssertEqual(conflict["kept"], "Their notes on Lydgate.", "F104: the instance's text on the item")
        XCTAssertEqual(conflict["copy_body"], "My notes on Dorothea.", "F104: yours in the conflicted copy")
        XCTAssertEqual(conflict["original"]?.string, answer["notes"]?.array?.last?.string, "F011")
    }
}
