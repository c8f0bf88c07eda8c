import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// Refills through the reference instance (seed 003 "Refills", F129 to F131, WC-32 to WC-34): a follow that finds
/// its cursor gone refills in place and keeps the queue, or changes nothing and shows `.needsHydration` with why.
final class RefillEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A copy filled with one note from the instance and one create of its own queued (valid on the instance, since
    /// the follow drains it once it reaches the head).
    private func filledCopy() async throws -> (WorkingCopy, QueuedWrite) {
        _ = try await harness.createItem(type: "core.note", title: "first")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let queued = try await copy.items.create(
            Draft(type: "core.note", properties: ["title": "offline", "body": "written offline"]))
        return (copy, queued)
    }

    private func cursor(_ copy: WorkingCopy) async throws -> Int {
        let status = try await copy.status()
        return try XCTUnwrap(Int(try XCTUnwrap(status.eventCursor)))
    }

    private func needsHydration(_ iterator: CopyUpdates.AsyncIterator) async throws -> MarfaError? {
        let shown = try await connection(iterator, "needsHydration") {
            if case .needsHydration = $0 { return true }
            return false
        }
        guard case .needsHydration(let error)? = shown else { return nil }
        return error
    }

    func testAFollowWhoseCursorWasTrimmedRefillsInPlaceAndKeepsTheQueue_F129_F130_WC32_WC34() async throws {
        let (copy, queued) = try await filledCopy()
        let filledAt = try await cursor(copy)
        var late: [String] = []
        for number in 0..<3 { late.append(try await harness.createItem(type: "core.note", title: "late \(number)")) }
        let (status, _) = try await harness.request("POST", "/__reference/log/trim", body: ["through": .integer(Int64(filledAt + 2))])
        XCTAssertEqual(status, 200)
        let missing = try await copy.items.get(late[0])
        XCTAssertNil(missing, "witness: the copy does not hold what the trimmed log announced")
        let iterator = copy.updates().makeAsyncIterator()
        // While the copy is stale its reads are refused (WC-30), so a refusal here only means "not yet".
        try await eventually(30, "the refill to bring the trimmed events' rows") {
            (try? await copy.items.get(late[0])) != nil
        }
        let following = try await connection(iterator, "following") { $0 == .following }
        XCTAssertEqual(following, .following)
        let listed = try await harness.listedIds(type: "core.note")
        let held = try await copy.items.get(Array(listed), includingBin: true)
        XCTAssertEqual(Set(held.rows.map(\.id)), listed, "the refill holds what the instance lists")
        expectEqual(try await copy.queue.all().map(\.id), [queued.id])
        let shown = try await copy.items.get(try XCTUnwrap(queued.itemId))
        XCTAssertEqual(shown?.properties["title"], "offline", "the queued create shows over the refill (WC-34) or landed")
        expectEqual(try await copy.status().hydration, .complete)
        await copy.close()
    }

    func testAnInstanceRestoredBehindTheCursorIsNotRefilled_headPastLog_F131_WC33() async throws {
        for number in 0..<2 { _ = try await harness.createItem(type: "core.note", title: "older \(number)") }
        let (copy, queued) = try await filledCopy()
        let filledAt = try await cursor(copy)
        let heldBefore = try await copy.status().items
        let (status, _) = try await harness.request("POST", "/__reference/log/rollback", body: ["to": .integer(Int64(filledAt - 1))])
        XCTAssertEqual(status, 200)
        let iterator = copy.updates().makeAsyncIterator()
        let error = try await needsHydration(iterator)
        guard case .copyExpired(let reason, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(reason, "head_past_log")
        expectEqual(try await copy.status().items, heldBefore)
        expectEqual(try await copy.queue.all().map(\.id), [queued.id])
        await copy.close()
    }

    func testAnotherInstanceAtTheAddressIsNotRefilled_instanceChanged_F131_WC33() async throws {
        let (copy, queued) = try await filledCopy()
        let heldBefore = try await copy.status().items
        let (status, _) = try await harness.request("POST", "/__reference/instance-id", body: [:])
        XCTAssertEqual(status, 200)
        let iterator = copy.updates().makeAsyncIterator()
        let error = try await needsHydration(iterator)
        guard case .instanceChanged? = error else { return XCTFail("\(String(describing: error))") }
        expectEqual(try await copy.status().items, heldBefore)
        expectEqual(try await copy.queue.all().map(\.id), [queued.id])
        await copy.close()
    }

    func testAStoreOpenedStaleLeavesTheRefillToTheApp_catchupTooOld_F121_F131() async throws {
        let (copy, queued) = try await filledCopy()
        let filledAt = try await cursor(copy)
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "late \(number)") }
        _ = try await harness.request("POST", "/__reference/log/trim", body: ["through": .integer(Int64(filledAt + 2))])
        do {
            _ = try await copy.catchUp()
            XCTFail("an aged-out cursor caught up")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "catch_up_too_old", "WC-30: the aged-out cursor is named (Decision 0103)")
        }
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let iterator = reopened.updates().makeAsyncIterator()
        let error = try await needsHydration(iterator)
        guard case .copyExpired(let reason, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(reason, "catchup_too_old")
        _ = try await reopened.hydrate(types: ["core.note"], tier: .all)
        let following = try await connection(iterator, "following") { $0 == .following }
        XCTAssertEqual(following, .following)
        expectEqual(try await reopened.queue.all().map(\.id), [queued.id])
        await reopened.close()
    }
}
