import Foundation
@testable import Marfa
@testable import MarfaEngine
import MarfaTestSupport
import XCTest

/// The races issue 27 names, each driven deterministically: the sync layer pauses between what it fetched and the
/// engine call that applies it (`FetchApplySeam`), the test changes the copy there, then lets it go on. The engine
/// must judge against the copy as it is when it applies, so nothing the pause let in is lost.
final class SyncInterleavingTests: XCTestCase {
    private var harness: InstanceHarness!

    override func setUp() async throws {
        harness = try await InstanceHarness()
    }

    override func tearDown() async throws {
        await harness?.shutdown()
    }

    /// A local edit made while an event from the log is between its fetch and its apply is laid over the event's
    /// row: the shown row keeps the edit and takes the other writer's field.
    func testALocalEditLandingDuringAnEventsApplyIsNotOverwritten_Issue27_2_Q12() async throws {
        let (copy, id) = try await harness.hydratedCopy(title: "first")
        let (gate, running) = try await catchUpPausedAtAnEvent(copy, editingBodyOf: id)

        _ = try await copy.items.update(id, Edit(properties: ["title": "mine"], baseVersion: 1))
        await gate.release()
        let report = try await running.value
        XCTAssertEqual(report.applied, 1, "witness: the event was applied")

        let row = try await copy.items.get(id)
        XCTAssertEqual(row?.properties["body"], "theirs", "the other writer's field arrives")
        XCTAssertEqual(row?.properties["title"], "mine", "Q-12: the edit made during the apply is laid over")
        XCTAssertEqual(row?.version, 2)
        await copy.close()
    }

    /// Two `pin` calls at once, each between its fetch and its apply, keep both pins (WC-35).
    func testTwoConcurrentPinsKeepBothPins_Issue27_2_WC35() async throws {
        let first = try await harness.createItem(type: "core.task", title: "first task")
        let second = try await harness.createItem(type: "core.task", title: "second task")
        let (copy, _) = try await harness.hydratedCopy(title: "a note")
        let gate = PauseGate { $0 == .pin(first) }
        var pinning = PinFetcher(client: InstanceClient(server: harness.server), engine: copy.engine)
        pinning.seam = FetchApplySeam { await gate.pause(at: $0) }
        let firstPin = Task { [pinning] in try await pinning.pin(first) }
        await eventually(10, "the first pin to reach the pause") { await gate.isHolding }

        let secondReport = try await copy.pin(second)
        XCTAssertEqual(secondReport, PinReport(pinned: true, wasPinned: false))
        expectEqual(try await copy.status().pinned, [second], "witness: the second pin is held")
        await gate.release()
        let firstReport = try await firstPin.value
        XCTAssertEqual(firstReport, PinReport(pinned: true, wasPinned: false))

        expectEqual(Set(try await copy.status().pinned), [first, second], "WC-35: neither pin is lost")
        expectEqual(try await copy.items.get(first)?.properties["title"], "first task")
        expectEqual(try await copy.items.get(second)?.properties["title"], "second task")
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectEqual(Set(try await reopened.status().pinned), [first, second], "both pins are durable")
        await reopened.close()
    }

    /// An event for an owed row, recorded while the drain records another row owed a read-back, settles only its
    /// own row's read: the other stays owed, durably.
    func testAFollowEventDuringAnOwedReadBackKeepsTheOwedRead_Issue27_2_Q42() async throws {
        let (copy, owedFirst) = try await harness.hydratedCopy(title: "owed first")
        let owedLater = try await harness.createItem(type: "core.note", title: "owed later")
        _ = try await copy.hydrate(types: ["core.note"], tier: .all)
        try await refuseUnread(copy, edit: owedFirst)
        expectEqual(await copy.engine.state.owedReadBacks, [owedFirst], "witness: owed")
        let (gate, running) = try await catchUpPausedAtAnEvent(copy, editingBodyOf: owedFirst)

        try await refuseUnread(copy, edit: owedLater)
        expectEqual(Set(await copy.engine.state.owedReadBacks), [owedFirst, owedLater], "witness: both owed")
        await gate.release()
        _ = try await running.value

        expectEqual(await copy.engine.state.owedReadBacks, [owedLater], "Q-42: the event settles only its row")
        await copy.close()
        let reopened = try await WorkingCopy.open(store: harness.store, server: harness.server)
        expectEqual(await reopened.engine.state.owedReadBacks, [owedLater], "and the owed read is durable")
        await reopened.close()
    }

    /// Has the other writer edit the body of `id` on the instance, then starts a catch-up of `copy` and waits until
    /// it holds that event between its fetch and its apply; answers the gate holding it and the running catch-up.
    private func catchUpPausedAtAnEvent(
        _ copy: WorkingCopy, editingBodyOf id: String
    ) async throws -> (PauseGate, Task<CatchUpReport, any Error>) {
        let (status, _) = try await harness.request(
            "PATCH", "/items/\(id)?conflict=auto", body: ["version": 1, "properties": ["body": "theirs"]])
        XCTAssertEqual(status, 200)
        let gate = PauseGate { if case .event = $0 { true } else { false } }
        var catchUp = CatchUp(client: InstanceClient(server: harness.server), engine: copy.engine)
        catchUp.seam = FetchApplySeam { await gate.pause(at: $0) }
        let running = Task { [catchUp] in try await catchUp.run() }
        await eventually(10, "the event to reach the pause") { await gate.isHolding }
        return (gate, running)
    }

    /// Edits `id` and records the edit refused with its read-back not made, as the drain does when the instance
    /// refuses a write and then cannot be read: the row is owed a read.
    private func refuseUnread(_ copy: WorkingCopy, edit id: String) async throws {
        let edit = try await copy.items.update(id, Edit(properties: ["title": "refused"], baseVersion: 1))
        try await copy.engine.markSent(edit.id)
        _ = try await copy.engine.settle(
            edit.id, .refused(Refusal(reason: "invalid_properties", code: "invalid_properties"), readBack: false),
            answer: nil)
    }
}

/// Holds the first step `matches` accepts until `release()`, and says whether it holds one.
private actor PauseGate {
    private let matches: @Sendable (FetchApplyStep) -> Bool
    private var held: CheckedContinuation<Void, Never>?
    private var reached = false
    private var released = false

    init(_ matches: @escaping @Sendable (FetchApplyStep) -> Bool) {
        self.matches = matches
    }

    /// Whether a step waits at the gate now.
    var isHolding: Bool { held != nil }

    /// Waits at the first matching step until `release()`; every other step passes.
    func pause(at step: FetchApplyStep) async {
        guard !reached, matches(step) else { return }
        reached = true
        guard !released else { return }
        await withCheckedContinuation { held = $0 }
    }

    /// Lets the held step go on, and any later one pass.
    func release() {
        released = true
        held?.resume()
        held = nil
    }
}
