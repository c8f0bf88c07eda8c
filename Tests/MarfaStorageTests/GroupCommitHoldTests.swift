import MarfaLocks
import Synchronization
import XCTest

@testable import MarfaStorage

/// The sync thread's hold: after a sync resumes writers, what they queue next waits for the rest of them (at most
/// as long as that sync took), so a group of writers stays one batch.
final class GroupCommitHoldTests: StorageTestCase {
    private func record(_ index: Int) throws -> JournalRecord.Framed {
        try JournalRecord.Framed(payload(index))
    }

    /// The journal state, shared with the waiter tasks as the journal shares it with its thread.
    private final class SharedState: Sendable {
        let mutex: LockedValue<JournalState>
        /// Waiters registered so far.
        let registered = Atomic<Int>(0)
        init(_ state: consuming JournalState) { mutex = LockedValue(state) }
        func withLock<T>(_ body: (inout JournalState) throws -> T) rethrows -> T { try mutex.withLock { try body(&$0) } }
    }

    /// A state with records 1 and 2 synced by the thread over [1 ms, 2 ms] of uptime, their two waiters resumed.
    private func stateAfterASyncOfTwoWaiters() async throws -> SharedState {
        try await stateAfterASync(ofWaiters: 2)
    }

    /// A state with records 1…`count` synced by the thread over [1 ms, 2 ms] of uptime, their waiters resumed.
    private func stateAfterASync(ofWaiters count: Int) async throws -> SharedState {
        let directory = try StoreDirectory.open(at: storePath())
        let state = SharedState(JournalState(segment: try SegmentFile.create(number: 1, in: directory)))
        for index in 1...count {
            let framed = try record(index)
            _ = try state.withLock { try $0.enqueue(header: framed.header, payload: framed.payload) }
        }
        let waiters = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for sequence in 1...UInt64(count) {
                    group.addTask {
                        try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                            let known = state.withLock { $0.register(sequence, continuation) }.outcome
                            state.registered.add(1, ordering: .relaxed)
                            // Nothing is durable yet, so nothing is known: were it, the waiter would end here (and
                            // the test fail below) rather than hang.
                            if let known { continuation.resume(with: known) }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        while state.registered.load(ordering: .relaxed) < count { await Task.yield() }
        guard case .write(let batches) = state.withLock({ $0.nextStep(maySleep: false, now: 1_000_000) }) else {
            XCTFail("two pending records are written")
            return state
        }
        XCTAssertEqual(batches.last?.lastSequence, UInt64(count))
        let (ready, _) = state.withLock { $0.markDurable(upTo: UInt64(count), started: 1_000_000, now: 2_000_000) }
        XCTAssertEqual(ready.count, count)
        for waiter in ready { waiter.continuation.resume() }
        try await waiters.value
        return state
    }

    func testRecordsOfResumedWritersWaitForTheLastOfThemThenGoAsOneBatch() async throws {
        let state = try await stateAfterASyncOfTwoWaiters()
        let third = try record(3)
        XCTAssertFalse(try state.withLock { try $0.enqueue(header: third.header, payload: third.payload) }.wake)
        guard case .hold(let nanoseconds) = state.withLock({ $0.nextStep(maySleep: false, now: 2_100_000) }) else {
            return XCTFail("one of two resumed writers is back: the thread holds")
        }
        XCTAssertEqual(nanoseconds, 900_000, "held until the end of the last sync plus its length")
        let fourth = try record(4)
        XCTAssertTrue(try state.withLock { try $0.enqueue(header: fourth.header, payload: fourth.payload) }.wake,
            "the last writer back wakes the holding thread")
        guard case .write(let batches) = state.withLock({ $0.nextStep(maySleep: false, now: 2_200_000) }) else {
            return XCTFail("both writers are back: their records are written")
        }
        XCTAssertEqual(batches.map(\.lastSequence), [4])
    }

    func testWithNothingPendingTheThreadHoldsForResumedWritersInsteadOfPolling() async throws {
        let state = try await stateAfterASyncOfTwoWaiters()
        guard case .hold(let nanoseconds) = state.withLock({ $0.nextStep(maySleep: false, now: 2_000_000) }) else {
            return XCTFail("both resumed writers are out and nothing is pending: the thread waits on its semaphore")
        }
        XCTAssertEqual(nanoseconds, 1_000_000, "held until the end of the last sync plus its length")
        let wakes = try (3...4).map { index in
            let framed = try record(index)
            return try state.withLock { try $0.enqueue(header: framed.header, payload: framed.payload) }.wake
        }
        XCTAssertEqual(wakes, [false, true], "the last writer back wakes the thread holding with nothing pending")
    }

    func testAfterAOneRecordSyncTheThreadPollsBeforeHolding() async throws {
        let state = try await stateAfterASync(ofWaiters: 1)
        guard case .poll = state.withLock({ $0.nextStep(maySleep: false, now: 2_000_000) }) else {
            return XCTFail("a lone writer's next record usually comes within the poll: no wake-up needed")
        }
        guard case .hold = state.withLock({ $0.nextStep(maySleep: true, now: 2_050_000) }) else {
            return XCTFail("past the poll the thread holds for the writer still out")
        }
    }

    func testAHoldEndsAfterAsLongAsTheLastSyncTook() async throws {
        let state = try await stateAfterASyncOfTwoWaiters()
        let third = try record(3)
        _ = try state.withLock { try $0.enqueue(header: third.header, payload: third.payload) }
        guard case .hold = state.withLock({ $0.nextStep(maySleep: false, now: 2_999_999) }) else {
            return XCTFail("witness: before the deadline the thread holds")
        }
        guard case .write(let batches) = state.withLock({ $0.nextStep(maySleep: false, now: 3_000_000) }) else {
            return XCTFail("at the deadline what is pending is written without the writer still out")
        }
        XCTAssertEqual(batches.map(\.lastSequence), [3])
    }
}
