import MarfaLocks

/// The segmented, append-only journal with group commit.
///
/// `enqueue` fixes a record's order synchronously and answers its sequence number; `waitDurable` returns once
/// that record is written and fdatasync'd. Whoever syncs writes everything pending with one `write` and one
/// `fdatasync` per segment, so concurrent writers share a sync. A waiter that finds the journal idle after a
/// one-record sync (writers coming one at a time) writes and syncs on its own thread, unless its record is large
/// (`JournalState.writeAtOnceBytes`): that one wakes the thread as it is queued; otherwise the dedicated
/// thread syncs, then waits for the writers it resumed (at most as long as that sync took) and takes their records
/// as one batch, so a group of writers does not split into a few early records and the rest. Between batches
/// the thread writes zeros ahead of the segment's tail, so a record's fdatasync does not grow the file. The
/// first write or sync failure is delivered to every waiter and the journal then refuses all appends
/// (fail-stop). Dropping the journal drains and stops the thread; `close()` does the same and waits for it.
package final class Journal: Sendable {
    /// The store folder the segments live in.
    package let directory: StoreDirectory
    private let core: JournalCore
    private let rotation = LockedValue<Void>(())

    private init(directory: StoreDirectory, core: JournalCore) {
        self.directory = directory
        self.core = core
    }

    deinit {
        if core.state.withLock({ $0.requestClose(nil) }).wake { core.wake() }
    }

    /// Opens a journal that appends to a new segment `segment` (usually `RecoveredStore.nextSegment`).
    ///
    /// Refused "reading_handle" for a reader and "invalid_argument" when that segment already exists.
    package static func open(in directory: StoreDirectory, segment: UInt64) throws -> Journal {
        try directory.requireWriter()
        let core = JournalCore(segment: try SegmentFile.create(number: segment, in: directory))
        core.startThread()
        return Journal(directory: directory, core: core)
    }

    /// Records from this size on start their write and sync as they are queued, when the journal is idle.
    package static var writeAtOnceBytes: Int { JournalState.writeAtOnceBytes }

    /// Appends `payload` to the pending buffer and answers its sequence number (1, 2, 3…), without waiting.
    ///
    /// Refused "invalid_argument" for an empty payload, and with the journal's failure once it has failed.
    package func enqueue(_ payload: [UInt8]) throws -> UInt64 {
        try enqueue(JournalRecord.Framed(payload))
    }

    /// Appends a record framed beforehand to the pending buffer and answers its sequence number, without waiting:
    /// the checksum was computed by whoever framed it, so only the queueing happens here.
    ///
    /// Refused with the journal's failure once it has failed.
    package func enqueue(_ record: JournalRecord.Framed) throws -> UInt64 {
        let (sequence, wake) = try core.state.withLock { try $0.enqueue(header: record.header, payload: record.payload) }
        if wake { core.wake() }
        return sequence
    }

    /// Returns once record `sequence` (and every record before it) is durable; throws the journal's failure.
    ///
    /// When nobody is syncing and writers come one at a time, the caller writes and syncs everything pending
    /// itself (blocking its thread for one write and one fdatasync) instead of waking the sync thread and being
    /// resumed by it.
    /// Not cancellable: durability of an enqueued record is bounded by one write and one sync.
    package func waitDurable(_ sequence: UInt64) async throws {
        while true {
            switch core.state.withLock({ $0.claim(for: sequence) }) {
            case .done(let outcome):
                return try outcome.get()
            case .lead(let batches):
                core.write(batches)
            case .suspend:
                return try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                    let (outcome, wake) = core.state.withLock { $0.register(sequence, continuation) }
                    if wake { core.wake() }
                    if let outcome { continuation.resume(with: outcome) }
                }
            }
        }
    }

    /// Starts segment `currentSegment + 1` (file and folder fsynced) and answers its number.
    ///
    /// Every record enqueued before this call goes to the old segment, every later one to the new segment.
    package func rotate() throws -> UInt64 {
        try directory.requireWriter()
        return try rotation.withLock { _ in
            let next = core.state.withLock { $0.currentSegment } + 1
            let segment = try SegmentFile.create(number: next, in: directory)
            try core.state.withLock { try $0.switchSegment(to: segment) }
            return next
        }
    }

    /// Deletes every segment file numbered below `segment` and fsyncs the folder.
    ///
    /// Refused "invalid_argument" when `segment` is above the current segment, which must always survive, and
    /// "reading_handle" when this writer no longer holds the folder at its path (Issue 26.2).
    package func deleteSegments(before segment: UInt64) throws {
        try directory.requireStillTheWriter()
        let current = currentSegment
        guard segment <= current else {
            throw StorageError(
                code: StorageError.invalidArgument,
                message: "cannot delete segments before \(segment): the current segment is \(current)",
                path: directory.path
            )
        }
        for name in try directory.fileNames() {
            if let number = StoreFileName.segmentNumber(of: name), number < segment {
                try FileIO.remove(directory.filePath(name))
            }
        }
        try directory.sync()
    }

    /// The number of the segment that new records go to.
    package var currentSegment: UInt64 {
        core.state.withLock { $0.currentSegment }
    }

    /// Bytes enqueued into the current segment so far, header included, durable or not.
    package var bytesInCurrentSegment: UInt64 {
        core.state.withLock { $0.bytesInCurrentSegment }
    }

    /// How many fdatasync calls the sync thread has made; with group commit far fewer than records.
    package var syncCount: UInt64 {
        core.syncCount.load(ordering: .relaxed)
    }

    /// Stops accepting records, waits until everything enqueued is durable and the thread has exited.
    ///
    /// Throws the journal's failure if a write or sync failed at any point.
    package func close() async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (wake, done) = core.state.withLock { $0.requestClose(continuation) }
            if wake { core.wake() }
            if done { continuation.resume() }
        }
        if let failure = core.state.withLock({ $0.failure }) { throw failure }
    }
}
