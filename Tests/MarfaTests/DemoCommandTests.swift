import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The README's main job, run as a person runs it: `marfa demo` against its own loopback instance.
final class DemoCommandTests: XCTestCase {
    func testTheDemoHydratesQueuesAnOfflineRenameCatchesUpReopensAndDrains() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("marfa-demo-test-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runMarfa(["--json", "demo", "--dir", folder.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let answer = try JSONValue(json: result.stdout)
        let titles = answer.object?["notes"]?.array?.compactMap { $0.object?["properties"]?.object?["title"]?.string }
        XCTAssertEqual(titles, ["Books to read", "Groceries", "Ideas", "Written elsewhere"])
        XCTAssertEqual(answer.object?["queue"]?.array?.count, 1)
        XCTAssertEqual(answer.object?["status"]?.object?["hydration"], "complete")
        XCTAssertTrue(result.stderr.contains("Caught up"), result.stderr)
        XCTAssertEqual(answer.object?["drain"]?.object?["answered"], 1, "Q-1: the rename is drained after the reopen")
        XCTAssertEqual(answer.object?["answered"]?.array?.first?.object?["verdict"], "accepted")
    }
}
