import Dispatch
import Foundation
import MarfaRules
import Synchronization

/// Rebuilds the state a snapshot holds and its read indexes, on both cores: a dedicated thread decodes the payload
/// in batches while the caller applies them, and once the items (which a snapshot stores before edges, extensions
/// and the queue) are in, another thread builds the indexes over them while the caller applies the rest.
enum SnapshotReplay {
    /// Changes per batch handed from the decoding thread to the caller.
    static let batchSize = 2048
    /// Batches decoded ahead of the caller at most, which bounds the extra memory.
    static let batchesAhead = 16

    /// The state of the snapshot `payload` and the indexes over its items; throws `storeCorrupt` naming `path`.
    static func restore(_ payload: [UInt8], path: String) throws(MarfaError) -> (CopyState, ReadIndexes) {
        let handoff = BatchHandoff(capacity: batchesAhead)
        start("marfa-snapshot-decode") {
            do throws(MarfaError) {
                try StoreChange.decode(payload, inBatchesOf: batchSize) { handoff.put($0) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        var state = CopyState()
        var indexBuild: IndexBuild?
        var itemsChangedSince = false
        while let batch = handoff.take() {
            for change in batch {
                if indexBuild == nil, change.followsTheItems { indexBuild = IndexBuild(over: state) }
                if indexBuild != nil, change.changesItems { itemsChangedSince = true }
                state.apply(change)
            }
        }
        var indexes = (indexBuild ?? IndexBuild(over: state)).result()
        if itemsChangedSince { indexes = ReadIndexes(state: state) }
        if case .storeCorrupt(_, let offset, let message)? = handoff.failure {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
        if let failure = handoff.failure { throw failure }
        return (state, indexes)
    }

    /// Runs `body` on a new thread (never a thread of the cooperative pool).
    fileprivate static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}

extension StoreChange {
    /// Whether a snapshot holds this change after all of its items: the item rows are complete once it appears.
    fileprivate var followsTheItems: Bool {
        switch self {
        case .putEdge, .putExtension, .putQueuedWrite: return true
        default: return false
        }
    }

    /// Whether this change touches the item rows the indexes are built over (never after the items in a snapshot
    /// this build writes; checked so that any other order still gets indexes that match).
    fileprivate var changesItems: Bool {
        switch self {
        case .putItem, .removeItem, .clearRows: return true
        default: return false
        }
    }
}

/// The read indexes over a state's items, built on their own thread.
private final class IndexBuild: Sendable {
    private let built = Mutex<ReadIndexes?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts building the indexes over the items of `state` (a copy-on-write capture; the caller may go on
    /// changing its own state, but not its items).
    init(over state: CopyState) {
        SnapshotReplay.start("marfa-index-build") { [self] in
            let indexes = ReadIndexes(state: state)
            built.withLock { $0 = indexes }
            done.signal()
        }
    }

    /// Waits for the build and answers the indexes.
    func result() -> ReadIndexes {
        done.wait()
        return built.withLock { $0 } ?? ReadIndexes()
    }
}

/// A bounded queue of change batches between one producing thread and one consumer, ending with an outcome.
private final class BatchHandoff: Sendable {
    private struct Queue {
        var batches: [[StoreChange]] = []
        var finished = false
        var failure: MarfaError?
    }

    private let queue = Mutex(Queue())
    private let filled = DispatchSemaphore(value: 0)
    private let space: DispatchSemaphore

    init(capacity: Int) {
        space = DispatchSemaphore(value: capacity)
    }

    /// Called by the producer: waits for room, then queues `batch`.
    func put(_ batch: [StoreChange]) {
        space.wait()
        queue.withLock { $0.batches.append(batch) }
        filled.signal()
    }

    /// Called by the producer once: no more batches; `failure` if decoding stopped on an error.
    func finish(_ failure: MarfaError?) {
        queue.withLock {
            $0.finished = true
            $0.failure = failure
        }
        filled.signal()
    }

    /// Called by the consumer: the next batch, or nil once the producer has finished and all were taken.
    func take() -> [StoreChange]? {
        while true {
            filled.wait()
            let next: [StoreChange]? = queue.withLock { queue in
                queue.batches.isEmpty ? nil : queue.batches.removeFirst()
            }
            if let next {
                space.signal()
                return next
            }
            if queue.withLock({ $0.finished }) { return nil }
        }
    }

    /// How decoding ended; meaningful once `take` has answered nil.
    var failure: MarfaError? {
        queue.withLock { $0.failure }
    }
}
