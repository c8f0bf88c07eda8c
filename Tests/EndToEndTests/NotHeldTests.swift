import Foundation
import Marfa
import XCTest

/// A row the copy does not hold reads `not_held`, not `not_found` (device-cli refusal codes; issue 28 point 11):
/// here a row the instance took after the hydration, before any catch-up brought it.
final class NotHeldTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testARowTheInstanceHoldsButTheCopyDoesNotReadsNotHeld_Issue28_11() async throws {
        let held: String
        (harness, held) = try await InstanceHarness.hydratedByDevice(front: front, title: "held")
        let later = try await harness.createItem(type: "core.note", title: "not yet caught up")
        let refused = try harness.device(["items", "get", later], server: false)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "not_held", refused.stderr)
        XCTAssertEqual(try harness.device(["items", "get", held], server: false).status, 0, "witness: a held row reads")
        let caught = try harness.device(["catch-up"])
        XCTAssertEqual(caught.status, 0, caught.stderr)
        XCTAssertEqual(try harness.device(["items", "get", later], server: false).status, 0, "and once caught up")
    }
}
