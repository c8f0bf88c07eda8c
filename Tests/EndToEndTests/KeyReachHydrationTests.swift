import Foundation
import Marfa
import MarfaInstance
import MarfaTestSupport
import XCTest

/// Key permissions before a hydration (P-18; issue 28 point 5): a declared type the key's `type_permissions` do not
/// let it read is refused `forbidden`, naming it, before anything is cleared; a credential whose record answers 403
/// (a signed-in app's token) takes the slice as declared.
final class KeyReachHydrationTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws {
        (harness, _) = try await InstanceHarness.hydratedByDevice(front: front, title: "kept")
        _ = try await harness.createItem(type: "core.bookmark", title: "a mark")
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testADeclaredTypeTheKeyCannotReadIsRefusedForbiddenBeforeAnythingIsCleared_P18_Issue28_5() async throws {
        let narrow = try await harness.instance.mintKey(KeyGrants(types: ["core.note": .read]))
        let before = try harness.device(["status"], server: false).answer
        let rows = try harness.device(["items", "list"], server: false).answer
        front.clear()
        let refused = try harness.device(
            ["hydrate", "--types", "core.note,core.bookmark", "--tier", "all"], key: narrow)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertEqual(refused.code, "forbidden", refused.stderr)
        XCTAssertTrue(refused.stderr.contains("core.bookmark"), refused.stderr)
        XCTAssertTrue(front.lines.contains("GET /keys/current"), "\(front.lines)")
        XCTAssertFalse(front.lines.contains("GET /items"), "a page was read before the refusal: \(front.lines)")
        XCTAssertEqual(try harness.device(["status"], server: false).answer, before)
        XCTAssertEqual(try harness.device(["items", "list"], server: false).answer, rows)
        let readable = try harness.device(["hydrate", "--types", "core.note", "--tier", "all"], key: narrow)
        XCTAssertEqual(readable.status, 0, "witness: the type the key reads hydrates \(readable.stderr)")
    }

    func testACredentialWhoseRecordIsForbiddenTakesTheSliceAsDeclared_P18_Issue28_5() throws {
        front.script { request, _ in
            request.path == "/keys/current"
                ? ScriptedFront.refusal(403, "forbidden", "a signed-in app's token, not a key") : nil
        }
        let hydrated = try harness.device(["hydrate", "--types", "core.note,core.bookmark", "--tier", "all"])
        XCTAssertEqual(hydrated.status, 0, hydrated.stderr)
        XCTAssertEqual(hydrated.answer?.object?["items"], 2)
    }
}
