import Foundation
import Marfa
import MarfaLocks
import MarfaTestSupport
import XCTest

/// A held `changes()` stream follows the instance as `updates()` does (seed 003 line 98, F138), and the stream is
/// told when the server goes away and comes back, and of each refresh, when it happens (seed 003 lines 100-109, F140).
final class ChangesFollowTests: XCTestCase {
    private var harness: InstanceHarness!

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A filled copy, opened on `clock`, whose follow's event stream the scripted front drops until `dropEvents` is
    /// cleared, and a held `changes()` stream of it.
    private func copyWhoseFollowCannotReachTheServer() async throws
        -> (WorkingCopy, (front: ScriptedFront, dropEvents: LockedValue<Bool>), ManualClock, HeardChanges)
    {
        let front = ScriptedFront()
        let dropEvents = LockedValue(false)
        front.script { request, _ in
            request.path == "/events" && dropEvents.withLock({ $0 }) ? .dropped : nil
        }
        harness = try await InstanceHarness(front: front)
        let (filled, _) = try await harness.hydratedCopy()
        await filled.close()
        dropEvents.withLock { $0 = true }
        let clock = ManualClock()
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server, clock: clock)
        return (copy, (front, dropEvents), clock, HeardChanges(copy.changes()))
    }

    func testAHeldChangeStreamFollowsTheInstanceWithNoUpdatesSequence_Seed003Line98_F138() async throws {
        harness = try await InstanceHarness()
        let (copy, _) = try await harness.hydratedCopy()
        let heard = HeardChanges(copy.changes())
        let made = try await harness.createItem(type: "core.note", title: "made elsewhere")
        await eventually(20, "the held stream to hear the instance's event") {
            heard.changes.contains { change in
                if case .server = change.origin { change.itemId == made } else { false }
            }
        }
        expectEqual(try await copy.items.get(made)?.title, "made elsewhere", "the event was applied to the copy")
        heard.stop()
        await copy.close()
    }

    func testUnreachableIsToldOnceAndReachableWhenTheAppsCatchUpReachesTheServer_Seed003Line107_F140() async throws {
        let (copy, away, clock, heard) = try await copyWhoseFollowCannotReachTheServer()
        let front = away.front
        let held = copy.updates()
        await eventually(20, "the follow to fail and wait on the clock") { clock.sleeping == 1 }
        clock.advance(by: .seconds(5))
        await eventually(20, "the retry to fail too") { front.lines.filter { $0 == "GET /events" }.count >= 2 }
        await eventually(20, "the follow to wait again") { clock.sleeping == 1 }
        XCTAssertEqual(heard.unreachable, 1, "seed 003 line 107: unreachable is told once, however many tries fail")
        XCTAssertEqual(heard.reachable, 0, "the server has not come back")

        away.dropEvents.withLock { $0 = false }
        let made = try await harness.createItem(type: "core.note", title: "made while away")
        let report = try await copy.catchUp()
        XCTAssertEqual(report.applied, 1)
        await eventually(20, "the stream to hear the server came back") { heard.reachable == 1 }
        await eventually(20, "the stream to hear the catch-up's refresh") {
            heard.changes.contains { $0.origin == .refreshed(.caughtUp) }
        }
        let origins = heard.changes.map(\.origin)
        let back = try XCTUnwrap(origins.firstIndex(of: .serverReachable))
        let gone = try XCTUnwrap(origins.firstIndex { if case .serverUnreachable = $0 { true } else { false } })
        XCTAssertLessThan(gone, back, "reachable follows unreachable: \(origins)")
        expectEqual(try await copy.items.get(made)?.title, "made while away")
        withExtendedLifetime(held) {}
        heard.stop()
        await copy.close()
    }

    func testReachableIsToldWhenTheAppsDrainIsAnswered_Seed003Line107_F140() async throws {
        let (copy, _, clock, heard) = try await copyWhoseFollowCannotReachTheServer()
        await eventually(20, "the follow to fail and wait on the clock") { clock.sleeping == 1 }
        await eventually(20, "the stream to hear the server went away") { heard.unreachable == 1 }
        try await copy.items.create(Draft(type: "core.note", properties: ["title": "sent while away"]))
        let report = try await copy.queue.drain()
        XCTAssertEqual(report.answered, 1)
        await eventually(20, "the stream to hear the drain reached the server") { heard.reachable == 1 }
        heard.stop()
        await copy.close()
    }

    func testEachRefreshIsToldWhenItHappens_Seed003Line105_F140_F145() async throws {
        harness = try await InstanceHarness()
        _ = try await harness.createItem(type: "core.note", title: "held")
        let task = try await harness.createItem(type: "core.task", title: "outside the slice")
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server)
        let heard = HeardChanges(copy.changes())
        func told(_ refresh: Change.Refresh, _ what: String) async {
            await eventually(20, what) { heard.changes.contains { $0.origin == .refreshed(refresh) } }
        }
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        await told(.hydrated, "a fill told as .refreshed(.hydrated) (F145)")
        try await copy.items.create(Draft(type: "core.note", properties: ["title": "sent"]))
        _ = try await copy.queue.drain()
        await told(.drained, "a drain's settlement told as .refreshed(.drained)")
        _ = try await copy.pin(task)
        await told(.pinned, "a pin told as .refreshed(.pinned)")
        _ = try await copy.unpin(task)
        await told(.unpinned, "an unpin told as .refreshed(.unpinned)")
        heard.stop()
        await copy.close()
    }

    func testAStreamBegunWhileTheServerIsUnreachableIsToldSoFirst_Seed003Line107_F140() async throws {
        harness = try await InstanceHarness()
        let (filled, _) = try await harness.hydratedCopy()
        await filled.close()
        await harness.instance.stop()

        let clock = ManualClock()
        let copy = try await WorkingCopy.open(store: harness.store, server: harness.server, clock: clock)
        let first = HeardChanges(copy.changes())
        await eventually(20, "the follow to fail and wait on the clock") { clock.sleeping == 1 }
        await eventually(20, "the first stream to hear it") { first.unreachable == 1 }
        let second = HeardChanges(copy.changes())
        await eventually(20, "a later stream to be told the server is away") { second.unreachable == 1 }
        first.stop()
        second.stop()
        await copy.close()
    }
}

/// What one `changes()` stream told, gathered by the task reading it.
private final class HeardChanges: Sendable {
    private let heard = LockedValue<[Change]>([])
    private let reader: Task<Void, Never>

    init(_ stream: AsyncStream<Change>) {
        let heard = self.heard
        reader = Task {
            for await change in stream { heard.withLock { $0.append(change) } }
        }
    }

    var changes: [Change] { heard.withLock { $0 } }

    var unreachable: Int {
        changes.filter { if case .serverUnreachable = $0.origin { true } else { false } }.count
    }

    var reachable: Int { changes.filter { $0.origin == .serverReachable }.count }

    func stop() { reader.cancel() }
}
