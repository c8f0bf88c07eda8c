import Foundation
import Marfa
import MarfaLocks
import MarfaTestSupport
import XCTest

/// `useKey(_:)` takes the new key once the calls running under the old one finish; meanwhile every call on the copy
/// throws `invalid` (swift-api.md §2 "Keys"; issue 29, "Smaller rules").
final class UseKeyWaitTests: XCTestCase {
    private var harness: InstanceHarness!

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testUseKeyWaitsForARunningHydrationAndCallsMeanwhileThrowInvalid_SwiftAPIKeys() async throws {
        let front = ScriptedFront()
        harness = try await InstanceHarness(front: front)
        _ = try await harness.createItem(type: "core.note", title: "one")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let page = front.hold("GET /items")
        let hydrating = Task { try await copy.hydrate(types: ["core.note"], tier: .all) }
        await eventually(20, "the hydration's page request to be held") { front.lines.contains("GET /items") }

        let keyTaken = LockedValue(false)
        let key = harness.key
        let changing = Task {
            try await copy.useKey(key)
            keyTaken.withLock { $0 = true }
        }
        await eventually(20, "a call made during the key change to throw invalid") {
            do {
                _ = try await copy.status()
                return false
            } catch let error as MarfaError {
                return error.code() == "invalid"
            } catch {
                return false
            }
        }
        await expectRefused("invalid", "a read during the key change") { _ = try await copy.items.list() }
        await expectRefused("invalid", "a write during the key change") {
            try await copy.items.create(Draft(type: "core.note", properties: ["title": "later"]))
        }
        await expectRefused("invalid", "a catch-up during the key change") { _ = try await copy.catchUp() }
        XCTAssertFalse(keyTaken.withLock { $0 }, "the key is not taken while the hydration runs under the old one")

        page.open()
        let report = try await hydrating.value
        XCTAssertEqual(report.items, 1, "the running hydration finished")
        try await changing.value
        XCTAssertTrue(keyTaken.withLock { $0 })
        expectEqual(try await copy.status().hydration, .complete, "calls work again once the new key is in use")
        expectEqual(try await copy.items.list().count, 1)
        await copy.close()
    }
}
