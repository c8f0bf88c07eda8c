import Dispatch
import Foundation
import Synchronization

/// The state shared by a `Journal` and its sync thread, and the thread's group-commit loop.
///
/// The thread captures only this object, so dropping the `Journal` can ask the thread to drain and exit.
final class JournalCore: Sendable {
    let state: Mutex<JournalState>
    /// Number of fdatasync calls made so far: far fewer than records when commits are grouped.
    let syncCount = Atomic<UInt64>(0)
    private let wakeup = DispatchSemaphore(value: 0)
    /// How long the idle sync thread polls for new records before it sleeps, in nanoseconds.
    static let pollBeforeSleeping: UInt64 = 50_000

    init(segment: SegmentFile) {
        state = Mutex(JournalState(segment: segment))
    }

    /// Starts the dedicated sync thread (never a thread of the cooperative pool).
    func startThread() {
        let thread = Thread { [self] in run() }
        thread.name = "marfa-journal-sync"
        thread.start()
    }

    /// Wakes the sync thread; called only when the state said the thread is (about to be) asleep.
    func wake() {
        wakeup.signal()
    }

    /// The group-commit loop: take everything pending, one write and one fdatasync per segment, resume waiters.
    ///
    /// When idle the thread polls for `pollBeforeSleeping` before sleeping on the semaphore: a serial writer's
    /// next record usually arrives within that window, which saves a futex wake-up on the commit path.
    private func run() {
        var idleSince: UInt64?
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let maySleep = idleSince.map { now - $0 >= Self.pollBeforeSleeping } ?? false
            switch state.withLock({ $0.nextStep(maySleep: maySleep) }) {
            case .poll:
                if idleSince == nil { idleSince = now }
            case .sleep:
                idleSince = nil
                wakeup.wait()
            case .write(let batches):
                idleSince = nil
                for batch in batches {
                    guard commit(batch) else { break }
                }
            case .exit(let closeWaiters):
                for waiter in closeWaiters { waiter.resume() }
                return
            }
        }
    }

    /// Writes and syncs one batch, resumes its waiters; on failure stops the journal and fails every waiter.
    private func commit(_ batch: JournalState.Batch) -> Bool {
        do {
            try batch.segment.append(batch.bytes)
            try batch.segment.sync()
            syncCount.add(1, ordering: .relaxed)
        } catch {
            let failure = error as? StorageError ?? StorageError(code: StorageError.io, message: "\(error)")
            for waiter in state.withLock({ $0.fail(failure) }) { waiter.continuation.resume(throwing: failure) }
            return false
        }
        for waiter in state.withLock({ $0.markDurable(upTo: batch.lastSequence) }) {
            waiter.continuation.resume()
        }
        return true
    }
}
