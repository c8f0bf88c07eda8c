import Foundation
import Marfa
import MarfaTestSupport
import XCTest

/// The copy against the reference instance over loopback: hydration, catch-up and the follow (WC-8 to WC-30).
final class HydrationEndToEndTests: XCTestCase {
    private var harness: InstanceHarness!


    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    func testHydrationWalksEveryPageAndHoldsWhatTheInstanceLists_WC10_WC12() async throws {
        for number in 0..<450 { _ = try await harness.createItem(type: "core.note", title: "note \(number)") }
        _ = try await harness.createItem(type: "core.task", title: "not in the slice")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let report = try await copy.hydrate(types: ["core.note"], tier: .all)
        XCTAssertEqual(report.items, 450)
        XCTAssertGreaterThanOrEqual(report.pages, 3)
        let listed = try await harness.listedIds(type: "core.note")
        let held = try await copy.items.get(Array(listed), includingBin: true)
        XCTAssertEqual(Set(held.rows.map(\.id)), listed, "the copy converges on the instance's listing")
        let status = try await copy.status()
        XCTAssertEqual(status.hydration, .complete)
        XCTAssertEqual(status.eventCursor, report.cursor)
        XCTAssertEqual(status.sliceTypes, ["core.note"])
        await copy.close()
    }

    func testSlicesThatNameNoTypeOrABareStarAreRefusedBeforeAnyRequest_WC8() async throws {
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        for types in [[], ["*"], ["Not A Type"]] {
            do {
                _ = try await copy.hydrate(types: types, tier: .library)
                XCTFail("\(types) was hydrated")
            } catch let error as MarfaError {
                XCTAssertEqual(error.code(), "validation", "\(types)")
            }
        }
        expectEqual(try await copy.status().hydration, .never)
        await copy.close()
    }

    func testCatchUpAppliesWritesMadeOnTheInstanceAndRetypesLeaveTheSlice_WC16_WC23() async throws {
        let kept = try await harness.createItem(type: "core.note", title: "kept")
        let moved = try await harness.createItem(type: "core.note", title: "moved")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let added = try await harness.createItem(type: "core.note", title: "added later")
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(kept)?conflict=auto", body: ["version": 1, "properties": ["title": "renamed"]])
        XCTAssertEqual(status, 200)
        let (retyped, answer) = try await harness.request(
            "PATCH", "/items/\(moved)?conflict=auto", body: ["version": 1, "type": "core.task", "retype": true])
        XCTAssertEqual(retyped, 200, "\(answer)")
        let report = try await copy.catchUp()
        XCTAssertTrue(report.reachedHead)
        XCTAssertGreaterThanOrEqual(report.applied, 3)
        expectEqual(try await copy.items.get(kept)?.properties["title"], "renamed")
        expectEqual(try await copy.items.get(kept)?.version, 2)
        let addedRow = try await copy.items.get(added)
        XCTAssertNotNil(addedRow)
        let gone = try await copy.items.get(moved)
        XCTAssertNil(gone, "a row retyped out of the slice leaves it")
        let listed = try await harness.listedIds(type: "core.note")
        let held = try await copy.items.get(Array(listed), includingBin: true)
        XCTAssertEqual(Set(held.rows.map(\.id)), listed)
        await copy.close()
    }

    func testATrimmedLogExpiresTheCopyAndTheQueueSurvivesTheRefill_WC30_WC32() async throws {
        _ = try await harness.createItem(type: "core.note", title: "first")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let queued = try await copy.items.create(Draft(type: "core.note", properties: ["title": "offline"]))
        for number in 0..<3 { _ = try await harness.createItem(type: "core.note", title: "more \(number)") }
        let (status, _) = try await harness.request("POST", "/__reference/log/trim", body: ["through": 3])
        XCTAssertEqual(status, 200)
        do {
            _ = try await copy.catchUp()
            XCTFail("an aged-out cursor caught up")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "catch_up_too_old", "WC-30: the aged-out cursor is named (Decision 0103)")
        }
        expectEqual(try await copy.status().hydration, .expired)
        expectEqual(try await copy.status().eventCursor, nil)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        expectEqual(try await copy.queue.all().map(\.id), [queued.id])
        let shown = try await copy.items.get(try XCTUnwrap(queued.itemId))
        XCTAssertEqual(shown?.properties["title"], "offline", "the waiting create is laid over the refill")
        await copy.close()
    }

    func testTheFollowAppliesLiveEventsWhileUpdatesAreHeldAndReconnectsAfterARestart_WC78_WC79() async throws {
        _ = try await harness.createItem(type: "core.note", title: "seed")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let iterator = copy.updates().makeAsyncIterator()
        _ = await iterator.next()
        let live = try await harness.createItem(type: "core.note", title: "live")
        try await eventually(10, "the live create to arrive") { try await copy.items.get(live) != nil }
        try await harness.restart()
        let afterRestart = try await harness.createItem(type: "core.note", title: "after restart")
        try await eventually(30, "the follow to reconnect and apply") { try await copy.items.get(afterRestart) != nil }
        let listed = try await harness.listedIds(type: "core.note")
        let held = try await copy.items.get(Array(listed), includingBin: true)
        XCTAssertEqual(Set(held.rows.map(\.id)), listed)
        _ = iterator
        await copy.close()
    }
}

extension HydrationEndToEndTests {
    func testAnInstanceAnswering503ShowsOfflineAndARefusedKeyWaitsForUseKey_F123_F125() async throws {
        _ = try await harness.createItem(type: "core.note", title: "seed")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let (status, _) = try await harness.request(
            "POST", "/__reference/faults", body: ["status": 503, "count": 3, "retry_after": 1])
        XCTAssertEqual(status, 200)
        let iterator = copy.updates().makeAsyncIterator()
        let offline = try await connection(iterator, "offline") { if case .offline = $0 { return true }; return false }
        guard case .offline(let error)? = offline else { return }
        XCTAssertEqual(error.code(), "server")
        await copy.close()

        let refused = try await WorkingCopy.open(
            store: harness.store, server: Server(url: harness.url, key: "marfa_k1_not-a-key"))
        let refusedUpdates = refused.updates().makeAsyncIterator()
        let keyRefused = try await connection(refusedUpdates, "keyRefused") {
            if case .keyRefused = $0 { return true }; return false
        }
        XCTAssertNotNil(keyRefused)
        try await refused.useKey(harness.key)
        let following = try await connection(refusedUpdates, "following") { $0 == .following }
        XCTAssertEqual(following, .following)
        await refused.close()
    }
}

extension HydrationEndToEndTests {
    func testAPinHoldsARowOutsideTheSliceThroughAHydrationUntilUnpinned_WC35_WC39_WC40() async throws {
        _ = try await harness.createItem(type: "core.note", title: "in the slice")
        let task = try await harness.createItem(type: "core.task", title: "outside the slice")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let before = try await copy.items.get(task)
        XCTAssertNil(before, "witness: the slice does not take the task")
        let first = try await copy.pin(task)
        XCTAssertEqual(first, PinReport(pinned: true, wasPinned: false))
        expectEqual(try await copy.items.get(task)?.properties["title"], "outside the slice")
        expectEqual(try await copy.pin(task), PinReport(pinned: true, wasPinned: true))
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let kept = try await copy.items.get(task)
        XCTAssertNotNil(kept, "a hydration keeps the pin and fetches the row again")
        expectEqual(try await copy.status().pinned, [task])
        expectEqual(try await copy.unpin(task), PinReport(pinned: false, wasPinned: true))
        let gone = try await copy.items.get(task)
        XCTAssertNil(gone, "unpinned, the slice does not take it")
        do {
            _ = try await copy.pin(ItemID.make())
            XCTFail("an id nobody holds was pinned")
        } catch let error as MarfaError {
            XCTAssertEqual(error.code(), "not_found")
        }
        expectEqual(try await copy.status().pinned, [])
        await copy.close()
    }
}

extension HydrationEndToEndTests {
    func testAnUpdateAfterTheFillCarriesLastSyncedAndNoFill_F112_F113() async throws {
        for number in 0..<250 { _ = try await harness.createItem(type: "core.note", title: "n\(number)") }
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let iterator = copy.updates().makeAsyncIterator()
        _ = await iterator.next()
        let reader = Task { () -> Bool in
            while let update = await iterator.next() {
                if update.lastSynced != nil, update.fill == nil { return true }
            }
            return false
        }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        let synced = await reader.value
        XCTAssertTrue(synced, "an update after the fill carries lastSynced and no fill")
        await copy.close()
    }
}
