/// The journal's shared state, guarded by the journal's mutex: pending bytes, sequence numbers and waiters.
///
/// A plain struct whose methods take one event and answer what the caller must do outside the lock
/// (wake the sync thread, resume continuations), so no continuation is ever resumed while the lock is held.
struct JournalState: ~Copyable {
    /// Framed records for one segment, in enqueue order, not yet written.
    struct Batch: Sendable {
        let segment: SegmentFile
        var bytes: [UInt8]
        var lastSequence: UInt64
    }

    /// A caller suspended in `waitDurable` until `sequence` is on disk.
    struct Waiter: Sendable {
        let sequence: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// What the sync thread does next.
    enum Step: Sendable {
        case write([Batch])
        case poll
        case sleep
        case exit(closeWaiters: [CheckedContinuation<Void, Never>])
    }

    /// How a wait ends when it need not suspend.
    typealias Outcome = Result<Void, StorageError>

    private var current: SegmentFile?
    private(set) var currentSegment: UInt64
    private(set) var bytesInCurrentSegment: UInt64
    private(set) var failure: StorageError?
    private var pending: [Batch] = []
    private var lastIssued: UInt64 = 0
    private var durable: UInt64 = 0
    private var waiters: [Waiter] = []
    private var closeWaiters: [CheckedContinuation<Void, Never>] = []
    private var closing = false
    private var finished = false
    private var threadIdle = false

    init(segment: SegmentFile) {
        current = segment
        currentSegment = segment.number
        bytesInCurrentSegment = UInt64(SegmentHeader.size)
    }

    /// Queues one record (its frame header, then its payload) for the current segment; answers its sequence
    /// number and whether to wake the thread.
    mutating func enqueue(header: [UInt8], payload: [UInt8]) throws -> (sequence: UInt64, wake: Bool) {
        let segment = try writableSegment()
        lastIssued += 1
        if pending.last.map({ $0.segment !== segment }) ?? true {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(max(Self.batchCapacity, header.count + payload.count))
            pending.append(Batch(segment: segment, bytes: bytes, lastSequence: lastIssued))
        }
        let last = pending.count - 1
        pending[last].bytes.append(contentsOf: header)
        pending[last].bytes.append(contentsOf: payload)
        pending[last].lastSequence = lastIssued
        bytesInCurrentSegment += UInt64(header.count + payload.count)
        return (lastIssued, takeWake())
    }

    /// Bytes a new batch reserves, so a group of concurrent records fills it without reallocating.
    private static let batchCapacity = 256 << 10

    /// Makes `segment` the target of every later enqueue; earlier records stay queued for the old one.
    mutating func switchSegment(to segment: SegmentFile) throws {
        _ = try writableSegment()
        current = segment
        currentSegment = segment.number
        bytesInCurrentSegment = UInt64(SegmentHeader.size)
    }

    /// Registers a waiter for `sequence`, or answers the outcome at once when it is already known.
    mutating func wait(for sequence: UInt64, _ continuation: CheckedContinuation<Void, any Error>) -> Outcome? {
        if sequence <= durable { return .success(()) }
        if let failure { return .failure(failure) }
        if sequence > lastIssued || finished {
            return .failure(
                StorageError(
                    code: StorageError.invalidArgument,
                    message: "sequence \(sequence) was never enqueued (last issued \(lastIssued))"
                ))
        }
        waiters.append(Waiter(sequence: sequence, continuation: continuation))
        return nil
    }

    /// Called by the sync thread: answers the batches to write, or whether to poll again, sleep or exit.
    mutating func nextStep(maySleep: Bool) -> Step {
        if !pending.isEmpty && failure == nil {
            let batches = pending
            pending.removeAll()
            return .write(batches)
        }
        if closing {
            finished = true
            current = nil
            pending.removeAll()
            defer { closeWaiters.removeAll() }
            return .exit(closeWaiters: closeWaiters)
        }
        guard maySleep else { return .poll }
        threadIdle = true
        return .sleep
    }

    /// Records that every sequence up to `sequence` is durable; answers the waiters to resume.
    mutating func markDurable(upTo sequence: UInt64) -> [Waiter] {
        durable = max(durable, sequence)
        let ready = waiters.filter { $0.sequence <= durable }
        waiters.removeAll { $0.sequence <= durable }
        return ready
    }

    /// Records a write or sync failure: the journal stops; answers every waiter, to be failed with `error`.
    mutating func fail(_ error: StorageError) -> [Waiter] {
        if failure == nil { failure = error }
        pending.removeAll()
        defer { waiters.removeAll() }
        return waiters
    }

    /// Starts closing; answers whether to wake the thread and whether it has already exited (no need to wait).
    mutating func requestClose(_ continuation: CheckedContinuation<Void, Never>?) -> (wake: Bool, done: Bool) {
        closing = true
        if finished { return (false, true) }
        if let continuation { closeWaiters.append(continuation) }
        return (takeWake(), false)
    }

    private mutating func writableSegment() throws -> SegmentFile {
        if let failure { throw failure }
        guard !closing, let current else {
            throw StorageError(code: StorageError.closed, message: "the journal is closed")
        }
        return current
    }

    private mutating func takeWake() -> Bool {
        defer { threadIdle = false }
        return threadIdle
    }
}
