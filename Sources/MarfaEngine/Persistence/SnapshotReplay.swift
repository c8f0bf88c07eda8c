import Dispatch
import Foundation
import MarfaRules
import Synchronization

/// Rebuilds the state a snapshot holds: a dedicated thread decodes the payload in batches while the caller
/// applies them, so decoding and applying run on both cores at once.
enum SnapshotReplay {
    /// Changes per batch handed from the decoding thread to the caller.
    static let batchSize = 2048
    /// Batches decoded ahead of the caller at most, which bounds the extra memory.
    static let batchesAhead = 16

    /// Applies every change of the snapshot `payload` to `state`, in order; throws `storeCorrupt` naming `path`.
    static func apply(_ payload: [UInt8], path: String, to state: inout CopyState) throws(MarfaError) {
        let handoff = BatchHandoff(capacity: batchesAhead)
        let thread = Thread {
            do throws(MarfaError) {
                try StoreChange.decode(payload, inBatchesOf: batchSize) { handoff.put($0) }
                handoff.finish(nil)
            } catch {
                handoff.finish(error)
            }
        }
        thread.name = "marfa-snapshot-decode"
        thread.start()
        while let batch = handoff.take() {
            for change in batch { state.apply(change) }
        }
        if case .storeCorrupt(_, let offset, let message)? = handoff.failure {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
        if let failure = handoff.failure { throw failure }
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
