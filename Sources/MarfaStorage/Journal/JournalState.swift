/// The journal's shared state, guarded by the journal's mutex: pending bytes, sequence numbers and waiters.
///
/// A plain struct whose methods take one event and answer what the caller must do outside the lock
/// (write a batch, wake the sync thread, resume continuations), so no continuation is ever resumed while the lock
/// is held. One syncer at a time holds the write: a caller leading its own sync, or the sync thread.
struct JournalState: ~Copyable {
    /// Framed records for one segment, in enqueue order, not yet written: small records are copied into a
    /// shared chunk, a large payload is kept as its own chunk (shared with its encoder, never copied).
    struct Batch: Sendable {
        let segment: SegmentFile
        private(set) var chunks: [[UInt8]] = []
        private(set) var lastSequence: UInt64
        /// Whether the last chunk is a large payload, so the next bytes start a new chunk.
        private var lastChunkIsPayload = false

        init(segment: SegmentFile, lastSequence: UInt64) {
            self.segment = segment
            self.lastSequence = lastSequence
        }

        /// Appends one framed record.
        mutating func append(header: UInt64, payload: [UInt8], sequence: UInt64) {
            if chunks.isEmpty || lastChunkIsPayload {
                let large = payload.count >= Self.ownChunkBytes
                var chunk: [UInt8] = []
                chunk.reserveCapacity(large ? JournalRecord.frameHeaderSize : Self.chunkCapacity)
                chunks.append(chunk)
                lastChunkIsPayload = false
            }
            let last = chunks.count - 1
            withUnsafeBytes(of: header.littleEndian) { chunks[last].append(contentsOf: $0) }
            if payload.count >= Self.ownChunkBytes {
                chunks.append(payload)
                lastChunkIsPayload = true
            } else {
                chunks[last].append(contentsOf: payload)
            }
            lastSequence = sequence
        }

        /// Payloads from this size on are written from their own array instead of being copied.
        static let ownChunkBytes = 64 << 10
        /// Bytes a new shared chunk reserves, so a group of concurrent records fills it without reallocating.
        static let chunkCapacity = 256 << 10
    }

    /// A caller suspended in `waitDurable` until `sequence` is on disk.
    struct Waiter: Sendable {
        let sequence: UInt64
        let continuation: UnsafeContinuation<Void, any Error>
    }

    /// What the sync thread does next.
    enum Step: Sendable {
        case write([Batch])
        /// Write zeros ahead of the segment's tail (`SegmentFile.writeZerosAhead`), then `zerosWritten()`.
        case writeZerosAhead(SegmentFile)
        case poll
        /// Wait on the semaphore for at most this many nanoseconds: writers the last sync resumed are on their way
        /// back, and their records should go in the same batch (an enqueue bringing the last of them back wakes it).
        case hold(nanoseconds: UInt64)
        case sleep
        case exit(closeWaiters: [CheckedContinuation<Void, Never>])
    }

    /// What a caller of `waitDurable` does: nothing more, write and sync the batches itself, or suspend.
    enum Claim: Sendable {
        case done(Outcome)
        case lead([Batch])
        case suspend
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
    /// Whether a batch is being written and synced (by a leading caller or the thread).
    private var syncing = false
    /// Whether the sync thread sleeps on its semaphore (then a caller may lead its own sync).
    private var threadAsleep = false
    /// How many records the last sync made durable: one means writers come one at a time, so the next waiter
    /// leads its own sync; more means they overlap, so the thread syncs and the callers' threads stay free.
    private var lastSyncRecords: UInt64 = 1
    /// Waiters the last sync resumed that have not queued a record since: writers expected back soon. While any
    /// are out, the thread holds what is pending for them until `holdDeadline`, so a group of concurrent writers
    /// stays one batch per sync instead of splitting into the first few records and all the rest.
    private var returning = 0
    /// When the thread stops holding for returning writers (uptime nanoseconds): the end of the last sync plus
    /// the time it took, so a hold costs at most about one sync.
    private var holdDeadline: UInt64 = 0
    /// Whether the thread waits on its semaphore for returning writers (the enqueue that brings the last one back
    /// wakes it).
    private var threadHolding = false

    init(segment: SegmentFile) {
        current = segment
        currentSegment = segment.number
        bytesInCurrentSegment = UInt64(SegmentHeader.size)
    }

    /// Queues one record (its frame header, then its payload) for the current segment; answers its sequence
    /// number, and whether to wake the thread: when it holds for returning writers and this record brings the
    /// last of them back, or when it sleeps, nobody syncs and the record has `writeAtOnceBytes` or more (its write
    /// and sync then overlap whatever the caller does before it waits). Otherwise the record is written by whoever
    /// syncs next (`claim` or the thread).
    mutating func enqueue(header: UInt64, payload: [UInt8]) throws -> (sequence: UInt64, wake: Bool) {
        let segment = try writableSegment()
        lastIssued += 1
        if pending.last.map({ $0.segment !== segment }) ?? true {
            pending.append(Batch(segment: segment, lastSequence: lastIssued))
        }
        pending[pending.count - 1].append(header: header, payload: payload, sequence: lastIssued)
        bytesInCurrentSegment += UInt64(JournalRecord.frameHeaderSize + payload.count)
        if returning > 0 { returning -= 1 }
        if returning == 0 && threadHolding {
            threadHolding = false
            return (lastIssued, true)
        }
        return (lastIssued, takeWake(needed: payload.count >= Self.writeAtOnceBytes && !syncing))
    }

    /// Records from this size on wake a sleeping sync thread as they are queued, rather than wait for their writer
    /// to lead the sync: a large commit's write and fdatasync then run while the caller applies its changes.
    static let writeAtOnceBytes = 256 << 10

    /// Makes `segment` the target of every later enqueue; earlier records stay queued for the old one.
    mutating func switchSegment(to segment: SegmentFile) throws {
        _ = try writableSegment()
        current = segment
        currentSegment = segment.number
        bytesInCurrentSegment = UInt64(SegmentHeader.size)
    }

    /// Called first by `waitDurable`: answers the outcome when it is known; the pending batches to write and sync
    /// on the caller's own thread when nobody syncs, the thread sleeps and the last sync held one record (the
    /// caller leads); else `.suspend`.
    mutating func claim(for sequence: UInt64) -> Claim {
        if let outcome = outcome(for: sequence) { return .done(outcome) }
        guard !syncing && threadAsleep && lastSyncRecords <= 1 && waiters.isEmpty else { return .suspend }
        syncing = true
        return .lead(takePending())
    }

    /// Registers a waiter for `sequence` (after `claim` answered `.suspend`), or answers the outcome when it is
    /// known by now; answers whether to wake the thread, should nobody be at work on the record.
    mutating func register(
        _ sequence: UInt64, _ continuation: UnsafeContinuation<Void, any Error>
    ) -> (outcome: Outcome?, wake: Bool) {
        if let outcome = outcome(for: sequence) { return (outcome, false) }
        waiters.append(Waiter(sequence: sequence, continuation: continuation))
        return (nil, takeWake(needed: !syncing))
    }

    private func outcome(for sequence: UInt64) -> Outcome? {
        if sequence <= durable { return .success(()) }
        if let failure { return .failure(failure) }
        if sequence > lastIssued || finished {
            return .failure(
                StorageError(
                    code: StorageError.invalidArgument,
                    message: "sequence \(sequence) was never enqueued (last issued \(lastIssued))"
                ))
        }
        return nil
    }

    /// Called by the sync thread at uptime `now` (nanoseconds): answers the batches to write, or whether to hold
    /// for returning writers, poll again, sleep or exit. While writers of a group it resumed are still out it holds
    /// on its semaphore at once rather than polling first, so the thread spends no core they need to come back;
    /// after a one-record sync it polls first, as a lone writer's next record usually comes within the poll.
    mutating func nextStep(maySleep: Bool, now: UInt64) -> Step {
        threadHolding = false
        let holding = returning > 0 && now < holdDeadline && !closing && failure == nil
        if !syncing && !pending.isEmpty && failure == nil {
            if holding {
                threadHolding = true
                return .hold(nanoseconds: holdDeadline - now)
            }
            syncing = true
            return .write(takePending())
        }
        if !syncing && !closing && failure == nil, let current, current.wantsZerosAhead {
            syncing = true
            return .writeZerosAhead(current)
        }
        if closing && !syncing {
            finished = true
            current = nil
            pending.removeAll()
            defer { closeWaiters.removeAll() }
            return .exit(closeWaiters: closeWaiters)
        }
        if holding && !syncing && (maySleep || lastSyncRecords > 1) {
            threadHolding = true
            return .hold(nanoseconds: holdDeadline - now)
        }
        guard maySleep else { return .poll }
        returning = 0
        threadAsleep = true
        return .sleep
    }

    /// Ends a successful sync of everything up to `sequence`, which started at uptime `started` and ended at
    /// `now` (nanoseconds): answers the waiters to resume and whether to wake the thread for records enqueued
    /// meanwhile (or to exit on close). The waiters resumed are expected back, for at most as long as the sync took.
    mutating func markDurable(upTo sequence: UInt64, started: UInt64, now: UInt64) -> (ready: [Waiter], wake: Bool) {
        syncing = false
        lastSyncRecords = sequence - min(durable, sequence)
        durable = max(durable, sequence)
        let ready = waiters.filter { $0.sequence <= durable }
        waiters.removeAll { $0.sequence <= durable }
        returning = ready.count
        holdDeadline = now + (now - min(started, now))
        return (ready, takeWake(needed: !pending.isEmpty || closing || current?.wantsZerosAhead == true))
    }

    /// Ends the sync thread's writing of zeros ahead of the tail; the thread then takes what was enqueued meanwhile.
    mutating func zerosWritten() {
        syncing = false
    }

    /// Records a write or sync failure: the journal stops; answers every waiter, to be failed with `error`, and
    /// whether to wake the thread so a close can finish.
    mutating func fail(_ error: StorageError) -> (failed: [Waiter], wake: Bool) {
        syncing = false
        if failure == nil { failure = error }
        pending.removeAll()
        defer { waiters.removeAll() }
        return (waiters, takeWake(needed: closing))
    }

    /// Starts closing; answers whether to wake the thread and whether it has already exited (no need to wait).
    mutating func requestClose(_ continuation: CheckedContinuation<Void, Never>?) -> (wake: Bool, done: Bool) {
        closing = true
        if finished { return (false, true) }
        if let continuation { closeWaiters.append(continuation) }
        let holding = threadHolding
        threadHolding = false
        return (takeWake(needed: true) || holding, false)
    }

    private mutating func takePending() -> [Batch] {
        defer { pending.removeAll() }
        return pending
    }

    private mutating func writableSegment() throws -> SegmentFile {
        if let failure { throw failure }
        guard !closing, let current else {
            throw StorageError(code: StorageError.closed, message: "the journal is closed")
        }
        return current
    }

    /// Answers whether to wake the sleeping thread when `needed`, and marks it awake if so.
    private mutating func takeWake(needed: Bool) -> Bool {
        guard needed && threadAsleep else { return false }
        threadAsleep = false
        return true
    }
}
