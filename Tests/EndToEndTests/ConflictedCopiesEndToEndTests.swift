import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Conflicted copies answered from the copy (seed 000 line 32, seed 002 line 67; F011, F104): two writers changed a
/// note's body, the instance kept both, and the copy leads from the note to its copy and back.
final class ConflictedCopiesEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testABodyConflictsCopyAndItsOriginalLeadToEachOther_Seed000Line32_F011_F104() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "Bleak House")
        let (changed, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "theirs"]])
        XCTAssertEqual(changed, 200)
        try await copy.items.update(id, Edit(properties: ["body": "mine"], baseVersion: 1))
        let report = try await copy.queue.drain()
        guard case .conflicted(let sibling, _)? = report.verdicts.first?.verdict else {
            return XCTFail("two body edits conflict: \(report.verdicts)")
        }
        expectEqual(try await copy.items.conflictedCopies(of: id), [], "the sibling arrives only through an event")
        _ = try await copy.catchUp()

        let copies = try await copy.items.conflictedCopies(of: id)
        XCTAssertEqual(copies.map(\.id), [sibling])
        XCTAssertEqual(copies.first?.body, "mine", "F104: the other text in the conflicted copy")
        expectEqual(try await copy.items.get(id)?.body, "theirs", "F104: the instance's text on the item")
        expectEqual(try await copy.items.original(ofConflictedCopy: sibling), id)
        expectEqual(try await copy.items.original(ofConflictedCopy: id), nil, "the original is no copy")
        expectEqual(try await copy.items.conflictedCopies(of: sibling), [], "a copy has no copies")
        expectEqual(try await copy.items.conflictedCopies(of: "0190a1b2-0000-7000-8000-00000000dead"), [])

        try await copy.items.delete(sibling)
        expectEqual(try await copy.items.conflictedCopies(of: id), [], "a copy in the bin is not answered")
        expectEqual(try await copy.items.original(ofConflictedCopy: sibling), nil)
        await copy.close()
    }
}
