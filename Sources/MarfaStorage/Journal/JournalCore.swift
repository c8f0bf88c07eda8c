import Dispatch
import Foundation
import MarfaLocks
import Synchronization

/// The state shared by a `Journal` and its sync thread, the thread's group-commit loop, and the sync a caller
/// leads itself.
///
/// The thread captures only this object, so dropping the `Journal` can ask the thread to drain and exit.
final class JournalCore: Sendable {
    let state: LockedValue<JournalState>
    /// Number of fdatasync calls made so far: far fewer than records when commits are grouped.
    let syncCount = Atomic<UInt64>(0)
    private let wakeup = DispatchSemaphore(value: 0)
    /// How long the sync thread polls for new records before it sleeps once no writer it resumed is still out
    /// (or its hold for them has ended), in nanoseconds: a polling thread takes a record that comes soon after
    /// without a wake-up (a sleeping one lets the next waiter lead instead).
    static let pollBeforeSleeping: UInt64 = 50_000

    init(segment: SegmentFile) {
        state = LockedValue(JournalState(segment: segment))
    }

    /// Starts the dedicated sync thread (never a thread of the cooperative pool).
    func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "marfa-journal"
        thread.start()
    }

    /// Wakes the sync thread; called only when the state said the thread is asleep or holding for writers.
    func wake() {
        wakeup.signal()
    }

    /// The group-commit loop: take everything pending, one write and one fdatasync per segment, resume waiters;
    /// while the writers it resumed are not all back, hold (pending or not) for them, at most as long as the last
    /// sync took, waiting on the semaphore rather than spinning; when nothing is pending write zeros ahead of the
    /// tail if they run low; with nobody out, poll for `pollBeforeSleeping`, then sleep (an idle journal's next
    /// waiter syncs on its own thread).
    private func run() {
        var idleSince: UInt64?
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let maySleep = idleSince.map { now - $0 >= Self.pollBeforeSleeping } ?? false
            switch state.withLock({ $0.nextStep(maySleep: maySleep, now: now) }) {
            case .poll:
                if idleSince == nil { idleSince = now }
            case .hold(let nanoseconds):
                _ = wakeup.wait(timeout: .now() + .nanoseconds(Int(min(nanoseconds, UInt64(Int.max)))))
            case .sleep:
                idleSince = nil
                wakeup.wait()
            case .write(let batches):
                idleSince = nil
                write(batches)
            case .writeZerosAhead(let segment):
                idleSince = nil
                segment.writeZerosAhead()
                state.withLock { $0.zerosWritten() }
            case .exit(let closeWaiters):
                for waiter in closeWaiters { waiter.resume() }
                return
            }
        }
    }

    /// Writes and syncs `batches` in order (one write per chunk, one fdatasync per segment), then resumes the
    /// waiters they cover and wakes the thread for what was enqueued meanwhile; on failure stops the journal and
    /// fails every waiter. Called by the thread and by a caller leading its own sync.
    func write(_ batches: [JournalState.Batch]) {
        let started = DispatchTime.now().uptimeNanoseconds
        var last: UInt64 = 0
        do {
            for batch in batches {
                for chunk in batch.chunks { try batch.segment.append(chunk) }
                try batch.segment.sync()
                syncCount.add(1, ordering: .relaxed)
                last = batch.lastSequence
            }
        } catch {
            let failure = error as? StorageError ?? StorageError(code: StorageError.io, message: "\(error)")
            let (failed, wake) = state.withLock { $0.fail(failure) }
            if wake { self.wake() }
            for waiter in failed { waiter.continuation.resume(throwing: failure) }
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        let (ready, wake) = state.withLock { $0.markDurable(upTo: last, started: started, now: now) }
        if wake { self.wake() }
        for waiter in ready { waiter.continuation.resume() }
    }
}
