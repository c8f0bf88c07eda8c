import MarfaStorage
import Synchronization

extension CopyActor {
    /// Stores `words`, the word index current with the state after `commitCount` commits, beside snapshot
    /// `segment` once `checkpoint` (which writes that snapshot) has succeeded, and after any index stored before
    /// (Decision 0071). A checkpoint does not wait for it, `close` does; the next checkpoint stops it, since its
    /// snapshot replaces this one. Derived data, so a write that fails or stops is let go and the next open builds
    /// the index from the text.
    func storeWordIndex(
        _ words: WordIndex, commitCount: UInt64, segment: UInt64, after checkpoint: Task<Void, any Error>,
        in snapshots: SnapshotWriter
    ) {
        let previous = wordIndexWrite?.task
        let stopped = StoppedFlag()
        let task = Task.detached {
            await previous?.value
            guard !stopped.isSet, case .success = await checkpoint.result else { return }
            _ = try? await snapshots.writeWordIndex(segment: segment) { sink in
                try StoredWordIndex.write(words, commitCount: commitCount, into: sink, unless: { stopped.isSet })
            }
        }
        wordIndexWrite = (task, stopped)
    }

    /// Stops storing the word index of an older snapshot: called as a new snapshot is cut.
    func supersedeStoredWordIndex() {
        wordIndexWrite?.stopped.set()
    }
}

/// A flag set once, from any thread: a background write checks it to stop early.
final class StoppedFlag: Sendable {
    private let value = Atomic<Bool>(false)

    /// Whether the flag is set.
    var isSet: Bool { value.load(ordering: .relaxed) }

    /// Sets the flag.
    func set() {
        value.store(true, ordering: .relaxed)
    }
}
