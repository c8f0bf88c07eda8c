import MarfaLocks

/// The handle an event-stream producer sends frames through. Sends never block: frames are queued and the
/// server's event loop writes them. It also tells the producer when to finish: `isServerStopping`,
/// `isClosed` and `waitForEnd()`; when the client leaves, sends throw and the producer's task is cancelled.
package final class SSEWriter: Sendable {
    private typealias Waiter = CheckedContinuation<SSEStreamEnd, Never>

    private struct State {
        var pending: [UInt8] = []
        var producerFinished = false
        var isClosed = false
        var isServerStopping = false
        var waiters: [UInt64: Waiter] = [:]
        var cancelledWaiters: Set<UInt64> = []
        var nextWaiterID: UInt64 = 0

        var end: SSEStreamEnd? {
            if isClosed { return .connectionClosed }
            return isServerStopping ? .serverStopping : nil
        }
    }

    private let state = LockedValue(State())
    private let notify: @Sendable () -> Void
    private let maxBufferedBytes: Int

    /// Makes a writer that queues at most `maxBufferedBytes` and calls `notify` whenever it has work (frames
    /// queued, or the producer finished).
    package init(maxBufferedBytes: Int, notify: @escaping @Sendable () -> Void) {
        self.notify = notify
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// Queues one event frame for the client.
    /// - Throws: `SSEWriterError.closed` once the stream ended, `.bufferFull` when the client lags too far behind.
    package func send(_ event: SSEEvent) throws(SSEWriterError) {
        try enqueue(SSEFrameEncoder.encode(event))
    }

    /// Queues a comment frame (`:` plus each line of `text`), which clients ignore; see `SSEFrameEncoder.comment`.
    /// - Throws: as `send(_:)`.
    package func sendComment(_ text: String) throws(SSEWriterError) {
        try enqueue(SSEFrameEncoder.comment(text))
    }

    /// Whether the stream has ended; sends now throw `SSEWriterError.closed`.
    package var isClosed: Bool {
        state.withLock { $0.isClosed }
    }

    /// Whether the server is stopping and wants the producer to send a last frame and return.
    package var isServerStopping: Bool {
        state.withLock { $0.isServerStopping }
    }

    /// Bytes queued and not yet written to the client.
    package var bufferedByteCount: Int {
        state.withLock { $0.pending.count }
    }

    /// Suspends until the server starts stopping or the connection closes, and says which; returns at once if one
    /// already happened, and `.cancelled` if the waiting task is cancelled first.
    package func waitForEnd() async -> SSEStreamEnd {
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate: SSEStreamEnd? = state.withLock { state in
                    if let end = state.end { return end }
                    if state.cancelledWaiters.remove(id) != nil { return .cancelled }
                    state.waiters[id] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let (continuation, end) = state.withLock { state -> (Waiter?, SSEStreamEnd) in
                guard let waiting = state.waiters.removeValue(forKey: id) else {
                    state.cancelledWaiters.insert(id)
                    return (nil, .cancelled)
                }
                return (waiting, state.end ?? .cancelled)
            }
            continuation?.resume(returning: end)
        }
    }

    /// Takes the queued bytes and whether the producer has returned; called by the event loop.
    package func takePending() -> (bytes: [UInt8], producerFinished: Bool) {
        state.withLock { state in
            var bytes: [UInt8] = []
            swap(&bytes, &state.pending)
            return (bytes, state.producerFinished)
        }
    }

    /// Records that the producer returned, so the connection ends the stream after the queued frames.
    package func markProducerFinished() {
        state.withLock { $0.producerFinished = true }
        notify()
    }

    /// Tells the producer the server is stopping; sends stay accepted so a last frame can go out.
    package func markServerStopping() {
        resumeWaiters { state in
            guard !state.isServerStopping else { return false }
            state.isServerStopping = true
            return true
        }
    }

    /// Ends the stream for good: sends throw from now on and waiters learn `.connectionClosed`.
    package func close() {
        resumeWaiters { state in
            guard !state.isClosed else { return false }
            state.isClosed = true
            state.pending = []
            return true
        }
    }

    private func enqueue(_ frame: [UInt8]) throws(SSEWriterError) {
        try state.withLock { (state) throws(SSEWriterError) in
            guard !state.isClosed, !state.producerFinished else { throw .closed }
            guard state.pending.count + frame.count <= maxBufferedBytes else { throw .bufferFull }
            state.pending.append(contentsOf: frame)
        }
        notify()
    }

    private func resumeWaiters(_ change: (inout State) -> Bool) {
        let (end, waiters) = state.withLock { state -> (SSEStreamEnd?, [Waiter]) in
            guard change(&state), let end = state.end else { return (nil, []) }
            let waiting = Array(state.waiters.values)
            state.waiters.removeAll()
            return (end, waiting)
        }
        if let end {
            for waiter in waiters { waiter.resume(returning: end) }
        }
    }
}
