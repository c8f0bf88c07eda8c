import Foundation
import MarfaStorage
import Synchronization

/// A first build of the word index on a thread of its own, from the state as it was when the build began, so the
/// actor keeps answering reads and taking writes while it runs and the async pool's threads are not held
/// (Decision 0054). The actor brings the index it hands over current with the rows written meanwhile
/// (`ReadIndexes.expectWords`, `installWords`).
final class TextIndexWarmUp: Sendable {
    /// The build's number, which `ReadIndexes` expects its index under.
    let token: UInt64
    private let stopped = Atomic<Bool>(false)
    /// What the build's thread waits for before it starts, if anything.
    private let gate: DispatchSemaphore?

    /// A build numbered `token`, not started; its thread waits for `gate` first when one is given.
    init(token: UInt64, gate: DispatchSemaphore? = nil) {
        self.token = token
        self.gate = gate
    }

    /// Asks the build to stop at its next row; it then hands over nothing.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    /// Builds the word index over the searchable rows of `state` on a new thread and answers it, or nil when it
    /// was stopped first.
    /// - Complexity: O(total text of `state`), off the calling thread.
    func build(_ state: CopyState) async -> WordIndex? {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                gate?.wait()
                continuation.resume(returning: index(of: state))
            }
            thread.name = "marfa-words"
            thread.start()
        }
    }

    /// Reads the word index stored beside a snapshot (Decision 0071) on a new thread and answers it, or nil when
    /// it was stopped first or the stored index does not read (`StoredWordIndex.read`).
    /// - Complexity: O(the stored index's bytes), off the calling thread.
    func load(_ stream: SnapshotPayloadStream, commitCount: UInt64) async -> WordIndex? {
        await withCheckedContinuation { continuation in
            let thread = Thread { [self] in
                let loaded = isStopped ? nil : try? StoredWordIndex.read(stream, commitCount: commitCount)
                continuation.resume(returning: isStopped ? nil : loaded)
            }
            thread.name = "marfa-words"
            thread.start()
        }
    }

    /// The word index over the searchable rows of `state`, built on the calling thread, or nil when stopped first.
    func index(of state: CopyState) -> WordIndex? {
        WordIndexBuild.index(of: state, unless: { self.isStopped })
    }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }
}
