import Foundation
import MarfaInstance
import MarfaLocks
import MarfaTestSupport
import XCTest

@testable import Marfa
@testable import MarfaEngine

/// A read-back older than the row the copy holds is ignored (issue 28 point 13, Q-42.5): a refused write's read-back
/// that brings an earlier version than the copy caught up to never takes the copy back; the row stays owed a read,
/// which the next drain makes.
final class OlderReadBackTests: XCTestCase {
    private var harness: InstanceHarness!
    private let front = ScriptedFront()

    override func setUp() async throws { harness = try await InstanceHarness(front: front) }
    override func tearDown() async throws { await harness?.shutdown() }

    func testARefusedWritesReadBackOlderThanTheHeldRowIsIgnoredAndStaysOwed_Q42_Issue28_13() async throws {
        let id = try await harness.createItem(type: "core.note", title: "at one")
        let (_, atOne) = try await harness.request("GET", "/items/\(id)")
        let older = try atOne.json()
        let (moved, _) = try await harness.request(
            "PATCH", "/items/\(id)", body: ["version": 1, "properties": ["title": "at two"]])
        XCTAssertEqual(moved, 200)
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        expectEqual(try await copy.items.get(id)?.version, 2, "witness: the copy holds version 2")
        _ = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 2))
        let readsBack = LockedValue(0)
        front.script { request, _ in
            switch (request.method, request.path) {
            case ("PATCH", "/items/\(id)"): return ScriptedFront.refusal(400, "invalid_properties", "scripted")
            case ("GET", "/items/\(id)") where readsBack.withLock({ reads in reads += 1; return reads == 1 }):
                var headers = HTTPHeaders()
                headers.add("X-Marfa-Contract", "3")
                return .json(.ok, headers: headers, text: older)
            default: return nil
            }
        }
        let report = try await copy.queue.drain()
        guard case .refused? = report.verdicts.first?.verdict else {
            return XCTFail("witness: the edit is refused: \(report.verdicts)")
        }
        XCTAssertTrue(front.lines.contains("GET /items/\(id)"), "witness: the row was read back")
        let shown = try await copy.items.get(id)
        XCTAssertEqual(shown?.version, 2, "an older read-back never takes the copy back to version 1")
        expectEqual(await copy.engine.state.owedReadBacks, [id], "the row stays owed a read")

        _ = try await copy.queue.drain()
        expectEqual(await copy.engine.state.owedReadBacks, [])
        let read = try await copy.items.get(id)
        XCTAssertEqual(read?.version, 2)
        XCTAssertEqual(read?.properties["title"], "at two", "the instance's row, read again")
        await copy.close()
    }
}
