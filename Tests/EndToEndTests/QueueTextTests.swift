import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Text output says why a write waits (issue 28 point 10, Decision 0090): the writes it cannot go without and the
/// write ahead of it, as "waiting on N write(s) it cannot go without" and "after <id>".
final class QueueTextTests: XCTestCase {
    private var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-text-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func text(_ words: [String]) throws -> String {
        let result = try runMarfa(["device", "--db", folder.path] + words)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testAWriteBehindAnUnansweredCreateSaysWhatItWaitsOn_Issue28_10() throws {
        let created = try runMarfa(
            ["--json", "device", "--db", folder.path, "items", "create", "--type", "core.note", "--properties",
             #"{"title":"t","body":"b"}"#])
        let write = try JSONValue(json: created.stdout)
        let item = try XCTUnwrap(write.object?["item_id"]?.string)
        let create = try XCTUnwrap(write.object?["id"]?.string)
        XCTAssertFalse(try text(["queue"]).contains("waiting on"), "witness: the create waits on nothing")
        let tagged = try text(["tags", "add", item, "red"])
        XCTAssertTrue(tagged.contains("waiting on 1 write(s) it cannot go without"), tagged)
        XCTAssertTrue(tagged.contains("after \(create)"), tagged)
        let queue = try text(["queue"]).split(separator: "\n")
        XCTAssertEqual(queue.count, 3, "a header and a row per write: \(queue)")
        XCTAssertTrue(queue.first?.hasSuffix("WAITS") == true, "the table says why each write waits: \(queue)")
        XCTAssertTrue(queue.last?.hasSuffix("waiting on 1 write(s) it cannot go without, after \(create)") == true)
    }
}
