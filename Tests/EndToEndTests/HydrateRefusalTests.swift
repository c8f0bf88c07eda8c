import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// A refused hydration changes nothing (WC-8, WC-11; issue 28 point 2): a type outside the grammar is refused with
/// no request, a type or edge type the instance does not hold after `/types` and before any page, and in each case
/// the slice, the rows and the status stay as they were.
final class HydrateRefusalTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "kept")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// Runs a hydration that must be refused `code`, naming `named`, and checks the copy kept what it had.
    private func expectRefusedKeepingTheCopy(
        _ words: [String], code: String, named: String, file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
        let before = try harness.device(["status"], server: false).answer
        let rows = try harness.device(["items", "list"], server: false).answer
        front.clear()
        let refused = try harness.device(["hydrate", "--tier", "all"] + words)
        XCTAssertEqual(refused.status, 1, refused.stderr, file: file, line: line)
        XCTAssertEqual(refused.code, code, refused.stderr, file: file, line: line)
        XCTAssertTrue(refused.stderr.contains(named), "names \(named): \(refused.stderr)", file: file, line: line)
        let sent = front.lines
        let after = try harness.device(["status"], server: false).answer
        XCTAssertEqual(after, before, "status kept", file: file, line: line)
        let kept = try harness.device(["items", "list"], server: false).answer
        XCTAssertEqual(kept, rows, "rows kept", file: file, line: line)
        return sent
    }

    func testATypeOutsideTheGrammarIsRefusedWithNoRequest_WC8_Issue28_2() throws {
        let sent = try expectRefusedKeepingTheCopy(
            ["--types", "core.note,bookmark"], code: "validation", named: "bookmark")
        XCTAssertEqual(sent, [], "a name the device can refuse on its own costs no request")
    }

    func testARefusedSliceOnAFreshStoreBindsNothingAndCreatesNothing_WC1_WC8_Issue28_2() throws {
        let fresh = harness.folder.appendingPathComponent("fresh")
        front.clear()
        for words in [["--types", "core.note", "--tier", "everything"], ["--types", "no good!", "--tier", "all"]] {
            let refused = try harness.device(["hydrate"] + words, store: fresh)
            XCTAssertEqual(refused.status, 1, "\(words): \(refused.stderr)")
            XCTAssertEqual(refused.code, "validation", "\(words): \(refused.stderr)")
        }
        XCTAssertEqual(front.lines, [], "nothing was sent")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fresh.path), "the refused hydration made a store")
    }

    func testATypeTheInstanceDoesNotHoldIsRefusedAfterTypesBeforeAnyPage_WC11_Issue28_2() throws {
        let sent = try expectRefusedKeepingTheCopy(
            ["--types", "core.note,acme.bookmark"], code: "unknown_type", named: "acme.bookmark")
        XCTAssertTrue(sent.contains("GET /types"), "\(sent)")
        XCTAssertFalse(sent.contains("GET /items"), "no page is read for a slice that cannot be held: \(sent)")
    }

    func testAnEdgeTypeTheInstanceDoesNotHoldIsRefusedBeforeAnyEdgeRead_WC11_Issue28_2() throws {
        let sent = try expectRefusedKeepingTheCopy(
            ["--types", "core.note", "--edge-type", "acme.link"], code: "unknown_type", named: "acme.link")
        XCTAssertFalse(sent.contains("GET /edges"), "\(sent)")
        XCTAssertFalse(sent.contains("GET /items"), "\(sent)")
    }
}
