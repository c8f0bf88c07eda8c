import Foundation
import MarfaRules
import MarfaStorage

/// The owner of one open copy: its state in memory and the journal and snapshots that make it durable.
///
/// Design: every change goes through `commit(_:)`, which applies it to memory, enqueues one journal record in
/// the same synchronous step (so record order is memory order), then awaits the group commit. The actor is
/// re-entrant across that await, so concurrent writers share one fsync. Snapshots capture `state` by value
/// (copy-on-write) and are written off the actor; the journal rotates at the capture, so the snapshot of
/// segment N holds exactly the records of segments before N.
package actor CopyActor {
    /// The copy's state; reads see every committed change and every change whose commit is in flight.
    var state: CopyState
    /// Recent commits by number, for `changes(since:)`.
    package internal(set) var changeLog: ChangeLog
    /// The store's own id, which change cursors carry so a foreign cursor is recognised.
    package nonisolated let storeId: String
    /// What this open's recovery did, or the last open's that did anything (`RecoveryReport`, Issue 26.4).
    package nonisolated let recovery: RecoveryReport?
    /// The read indexes, derived from `state` and kept current with it; never persisted.
    package internal(set) var indexes: ReadIndexes
    /// Whether this handle may write (WC-2).
    package nonisolated let role: StoreRole
    /// The folder the store lives in.
    package nonisolated let directoryURL: URL
    /// The origin the store is bound to, if any.
    package private(set) var origin: Origin?

    let directory: StoreDirectory
    private let journal: Journal?
    private let snapshots: SnapshotWriter?
    /// The settings this copy was opened with.
    package nonisolated let configuration: CopyConfiguration
    private var checkpointInFlight: Task<Void, any Error>?
    /// The newest snapshot written and read back (or opened from), nil for none: a checkpoint keeps it and the
    /// segments after it until its own snapshot is durable and verified (Issue 26.3).
    private var newestGoodSnapshot: UInt64?
    /// The word index being stored beside the last snapshot, after it, and the flag that stops it
    /// (`storeWordIndex`).
    var wordIndexWrite: (task: Task<Void, Never>, stopped: StoppedFlag)?
    /// The word index stored beside the snapshot the copy was opened from, until a warm-up or the first search
    /// reads it (`readStoredWordIndex`), with the commit count it must be current with.
    var storedWordIndex: (stream: SnapshotPayloadStream, commitCount: UInt64)?
    private nonisolated let snapshotPolicy: SnapshotPolicy
    /// The bytes the current journal segment must reach before the copy writes a snapshot on its own.
    package nonisolated var automaticSnapshotSegmentBytes: UInt64 { snapshotPolicy.segmentBytesDue }
    private var listeners: [UInt64: @Sendable (CommitNotice) -> Void] = [:]
    private var nextListener: UInt64 = 0
    private var failure: MarfaError?
    /// Whether `close()` has begun: every later read and write throws `closed` (F120).
    package private(set) var isClosed = false
    /// Whether `useKey(_:)` is changing the key: every read and write throws `invalid` meanwhile.
    var isChangingKey = false
    /// Held items by folded title for link reads, built on the first one (`currentTitleIndex`).
    var titleIndex: TitleIndex?
    /// The lists asked lately, checked and parsed once (Decision 0066).
    var preparedLists = PreparedLists()
    /// The word index's first build running off the actor (`warmTextIndex`), with the task that hands it over.
    var textIndexWarmUp: (build: TextIndexWarmUp, handedOver: Task<Void, Never>)?
    /// The token the last warm-up was given.
    var lastWarmUpToken: UInt64 = 0
    /// What a reading handle saw of the store's files when it opened or last looked for the writer's saves.
    var writerSavesSeen: WriterSavesLook?
    /// Runs the copy's fills one at a time.
    package let fills = FillLane()
    /// The fill begun last: only its pages and its end are taken (`beginHydration`).
    var currentFill = FillToken(number: 0)
    /// The rows an in-place refill has laid over so far (`beginRefill`), nil when no refill has begun.
    var refill: RefillLedger?

    /// Opens (or creates) the store at `url`, bound to `origin` when given (WC-1, WC-2).
    ///
    /// Restores the newest valid snapshot plus the journal after it, cutting a torn tail; another origin than
    /// the recorded one throws `wrongServer` naming both; a second opener gets a reading handle. Without
    /// `creatingStore`, a path that holds no store throws `noStore` and nothing is created (issue 26 point 5).
    package static func open(
        at url: URL, origin: Origin?, configuration: CopyConfiguration = CopyConfiguration(), readOnly: Bool = false,
        creatingStore: Bool = true
    ) async throws(MarfaError) -> CopyActor {
        let directory = try StorageBridge.run {
            if readOnly { return try StoreDirectory.openReader(at: url.path) }
            if !creatingStore { _ = try StoreDirectory.openReader(at: url.path) }
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return try StoreDirectory.open(at: url.path)
        }
        var metadata = try readMetadata(directory)
        if let format = metadata?.format, format > StoreMetadata.currentFormat {
            throw MarfaError.store(
                message: "the store at \(url.path) was written by a newer build (store format \(format)); this build "
                    + "reads formats up to \(StoreMetadata.currentFormat), so it leaves the store as it is")
        }
        if let origin {
            if let bound = metadata?.origin, bound != origin {
                throw MarfaError.wrongServer(
                    expected: bound.description, got: origin.description,
                    message: "this store belongs to \(bound) and cannot be opened against \(origin)")
            }
        }
        let fileNames = directory.role == .reader ? try StorageBridge.run { Set(try directory.fileNames()) } : nil
        let (recovered, image) = try StorageBridge.run {
            try Recovery.recover(directory) { stream in
                let (state, indexes) = try SnapshotReplay.restore(stream)
                return RestoredCopy(
                    state: state, indexes: indexes, restoredFrom: stream.path,
                    payloadBytes: UInt64(stream.payloadLength),
                    storedWords: StoredWordIndex.stream(besideSnapshot: stream.path, in: directory))
            } replaying: { (copy: inout RestoredCopy?, payload) in
                if copy == nil { copy = RestoredCopy() }
                try copy?.replay(payload, store: url.path)
            }
        }
        let restored = image ?? RestoredCopy()
        let heldData = recovered.snapshotSegment != nil
            || recovered.journalEnds.contains { $0.offset > UInt64(SegmentHeader.size) }
        let report = RecoveryReport(recovered, in: directory, metadataMissing: metadata == nil && heldData)
        let recovery = report.isNotable ? report : RecoveryReport.kept(in: directory)
        let journal: Journal?
        let snapshots: SnapshotWriter?
        if directory.role == .writer {
            journal = try StorageBridge.run { try Journal.open(in: directory, segment: recovered.nextSegment) }
            snapshots = try StorageBridge.run {
                try SnapshotWriter(directory: directory, compressionLevel: configuration.snapshotCompressionLevel)
            }
            if metadata == nil || (metadata?.origin == nil && origin != nil)
                || (metadata?.format ?? 0) < StoreMetadata.currentFormat
            {
                let updated = StoreMetadata(id: metadata?.id ?? ItemID.make(), origin: origin ?? metadata?.origin)
                try writeMetadata(updated, to: directory)
                metadata = updated
            }
            try report.keep(in: directory)
        } else {
            journal = nil
            snapshots = nil
            if metadata == nil {
                throw MarfaError.noStore(message: "no writer has created a store at \(url.path)")
            }
        }
        let copy = CopyActor(
            state: restored.state, indexes: restored.indexes, directory: directory, journal: journal,
            snapshots: snapshots, origin: metadata?.origin, url: url,
            snapshotPolicy: SnapshotPolicy(configuration, statePayloadBytes: restored.snapshotPayloadBytes),
            configuration: configuration, changeLog: restored.changeLog, storeId: metadata?.id ?? "path:\(url.path)",
            recovery: recovery, openedFrom: recovered.snapshotSegment,
            writerSavesSeen: fileNames.map {
                WriterSavesLook(fileNames: $0, journalEnds: recovered.journalEnds, snapshot: restored.snapshot)
            })
        if let stored = restored.storedWords, let snapshot = restored.snapshot,
            restored.indexes.pendingWordsToken == StoredWordIndex.token
        {
            await copy.keepStoredWordIndex(stored, commitCount: snapshot.commitCount)
        }
        if recovered.nextSegment - (recovered.snapshotSegment ?? Recovery.firstSegment) >= Self.segmentsBeforeCheckpoint {
            await copy.startCheckpoint()
        }
        if configuration.hugePages {
            DispatchQueue.global(qos: .utility).async { _ = HugePageAdvice.apply() }
        }
        return copy
    }

    deinit {
        textIndexWarmUp?.build.stop()
    }

    /// Journal segments since the last snapshot after which opening the store writes a new snapshot; every open
    /// starts a segment, so a store opened once per command would otherwise gather empty segments.
    private static let segmentsBeforeCheckpoint: UInt64 = 16

    private init(
        state: CopyState, indexes: ReadIndexes, directory: StoreDirectory, journal: Journal?,
        snapshots: SnapshotWriter?, origin: Origin?, url: URL, snapshotPolicy: SnapshotPolicy,
        configuration: CopyConfiguration, changeLog: ChangeLog, storeId: String, recovery: RecoveryReport?,
        openedFrom: UInt64?, writerSavesSeen: WriterSavesLook?
    ) {
        self.recovery = recovery
        self.newestGoodSnapshot = openedFrom
        self.snapshotPolicy = snapshotPolicy
        self.writerSavesSeen = writerSavesSeen
        self.changeLog = changeLog
        self.storeId = storeId
        self.state = state
        self.indexes = indexes
        self.directory = directory
        self.role = directory.role
        self.journal = journal
        self.origin = origin
        self.directoryURL = url
        self.snapshots = snapshots
        self.configuration = configuration
    }

    /// Applies `changes` to memory and returns once their journal record is durable.
    ///
    /// A reading handle throws `readingHandle`; after a failed fsync the copy refuses every later write
    /// (fail-stop), since memory may hold a change the disk does not. The record is encoded before the hop onto
    /// the actor (and checksummed there) and the durable wait happens off it, so the actor's serial part is only
    /// the apply and enqueue.
    package nonisolated func commit(
        _ changes: [StoreChange], origin: CommitOrigin = .housekeeping
    ) async throws(MarfaError) {
        guard let staged = try await stageCommit(changes, origin: origin) else { return }
        try await settle([staged])
    }

    /// The first half of `commit` alone: `changes` are applied to memory and their record is queued behind
    /// every earlier one, but not yet durable; `settle(_:)` waits. A burst staged one by one pays one wait.
    ///
    /// Answers nil for no changes. Reads see a staged change at once, as they see a commit in flight.
    package nonisolated func stageCommit(
        _ changes: [StoreChange], origin: CommitOrigin = .housekeeping
    ) async throws(MarfaError) -> StagedCommit? {
        return try await stage(changes, record: try Self.record(of: changes), origin: origin)
    }

    /// The journal record of `changes`, encoded and framed now; nil for no changes, and for changes large enough
    /// that `stage` encodes their record alongside their apply (`RecordAlongside`).
    static func record(of changes: [StoreChange]) throws(MarfaError) -> JournalRecord.Framed? {
        guard !changes.isEmpty, !RecordAlongside.suits(changes) else { return nil }
        let payload = StoreChange.encode(changes)
        return try StorageBridge.run { try JournalRecord.Framed(payload) }
    }

    /// Commits changes judged against the state as it is now: they are applied with no suspension after the
    /// judgement (unlike `commit`, which hops onto the actor after encoding), then awaited until durable.
    func commitJudged(_ changes: [StoreChange], origin: CommitOrigin) async throws(MarfaError) {
        if let staged = try stage(changes, record: try Self.record(of: changes), origin: origin) {
            try await settle([staged])
        }
    }

    /// A commit applied to memory whose journal record is enqueued but maybe not yet durable.
    package struct StagedCommit: Sendable {
        let journal: Journal
        let sequence: UInt64
        let notice: CommitNotice
        /// Whether listeners were registered when the commit was applied.
        let notifies: Bool
    }

    /// The synchronous half of a commit: enqueues the record, applies the changes, counts and logs the commit.
    ///
    /// With no `record` (`record(of:)` leaves large commits unencoded), the changes' record is encoded and queued
    /// on another thread while this one applies them (`RecordAlongside`); should that fail, memory holds changes
    /// the journal does not, and the copy refuses every later write, as after a failed fsync. Answers nil for no
    /// changes. Record order is memory order because both happen here, with no suspension.
    func stage(
        _ changes: [StoreChange], record: JournalRecord.Framed?, origin: CommitOrigin
    ) throws(MarfaError) -> StagedCommit? {
        guard let journal else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        if let failure { throw failure }
        guard !changes.isEmpty else { return nil }
        let sequence: UInt64
        let notice: CommitNotice
        if let record {
            sequence = try StorageBridge.run { try journal.enqueue(record) }
            notice = applyCommit(changes, origin: origin)
        } else {
            let alongside = RecordAlongside(changes, journal: journal)
            notice = applyCommit(changes, origin: origin)
            do {
                sequence = try alongside.sequence()
            } catch {
                failure = error
                throw error
            }
        }
        if configuration.internalChecks {
            do {
                try indexes.checkInvariants(state: state)
            } catch {
                failure = .store(message: "an index no longer matches the copy: \(error)")
            }
        }
        return StagedCommit(journal: journal, sequence: sequence, notice: notice, notifies: !listeners.isEmpty)
    }

    /// The asynchronous half: waits off the actor until every commit in `staged` is durable (one wait, for the
    /// last: the journal makes records durable in order), then comes back to the actor only to tell listeners
    /// of each in order, start a due snapshot or record a failure.
    package nonisolated func settle(_ staged: [StagedCommit]) async throws(MarfaError) {
        guard let last = staged.last else { return }
        do {
            try await last.journal.waitDurable(last.sequence)
        } catch {
            let failed = StorageBridge.translate(error)
            await recordFailure(failed)
            throw failed
        }
        if staged.contains(where: \.notifies)
            || snapshotPolicy.isDue(segmentBytes: last.journal.bytesInCurrentSegment)
        {
            await afterDurable(staged.map(\.notice))
        }
    }

    private func recordFailure(_ error: MarfaError) {
        failure = error
    }

    private func afterDurable(_ notices: [CommitNotice]) {
        if let journal, snapshotPolicy.isDue(segmentBytes: journal.bytesInCurrentSegment),
            checkpointInFlight == nil
        {
            startCheckpoint()
        }
        for notice in notices {
            for listener in listeners.values { listener(notice) }
        }
    }

    /// Applies one commit's changes, counts it and logs its notice (a live commit, or a save a reading handle
    /// takes in); answers the notice.
    func applyCommit(_ changes: [StoreChange], origin: CommitOrigin) -> CommitNotice {
        let ends = CommitNotice.edgeEnds(of: changes, before: state)
        for change in changes { apply(change) }
        state.countCommit()
        var notice = CommitNotice(origin: origin, changes: changes)
        notice.edgeEnds = ends
        changeLog.record(state.commitCount, notice)
        return notice
    }

    /// Applies one change to the state and the indexes together.
    func apply(_ change: StoreChange) {
        Self.apply(change, to: &state, indexes: &indexes)
        stopTextIndexWarmUpIfRefused()
    }

    /// Applies one change to `state` and keeps `indexes` current with it: the live path and journal replay.
    static func apply(_ change: StoreChange, to state: inout CopyState, indexes: inout ReadIndexes) {
        switch change {
        case .putItem(let item):
            // A held item keeps its row, so the put's one lookup by id finds both the row and the item it replaces.
            let (row, old) = state.putItem(item)
            indexes.reflect(row: row, old: old, new: item)
            indexes.catchUpIfBehind(state: state)
        case .removeItem(let id):
            let row = state.items.row(of: id)
            let old = state.items[id]
            state.apply(change)
            guard let row else { return }
            indexes.reflect(row: row, old: old, new: nil)
            indexes.catchUpIfBehind(state: state)
        case .clearRows:
            state.apply(change)
            indexes = ReadIndexes()
        case .setCatalog:
            let old = state.catalog
            state.apply(change)
            indexes.reflectCatalog(from: old, to: state.catalog)
        default:
            state.apply(change)
        }
    }

    /// Builds the word index search and `contains` read now if no read has asked for it yet, on the actor (a
    /// warm-up still running is stopped: this build supersedes it), or brings it current.
    package func prepareTextIndex() {
        if indexes.words == nil { stopTextIndexWarmUp() }
        indexes.buildWords(state: state)
    }

    /// Builds the word index of property `name` a `contains` reads (`ReadIndexes.propertyWords`), or brings it
    /// current.
    package func preparePropertyWords(_ name: String) {
        indexes.buildPropertyWords(name, state: state)
    }

    /// The word index's estimated heap bytes by part, nil before a search built it (for the benchmark's memory
    /// facts).
    package func wordIndexBytes() -> WordIndex.ByteCounts? {
        indexes.words?.bytes
    }

    /// The estimated heap bytes of the property word indexes `contains` lists built (`preparePropertyWords`), nil
    /// before any (for the benchmark's memory facts).
    package func propertyWordIndexBytes() -> Int? {
        indexes.propertyWords.isEmpty ? nil : indexes.propertyWords.values.reduce(0) { $0 + $1.bytes.total }
    }

    /// Builds the sort index of property `name` now if no list has sorted by it yet.
    package func preparePropertySort(_ name: String) {
        indexes.buildPropertySort(name, state: state)
    }

    /// Calls `listener` after every durable commit, until `removeListener` with the returned token.
    package func addListener(_ listener: @escaping @Sendable (CommitNotice) -> Void) -> UInt64 {
        nextListener += 1
        listeners[nextListener] = listener
        return nextListener
    }

    /// Stops calling a listener.
    package func removeListener(_ token: UInt64) {
        listeners[token] = nil
    }

    /// Writes a snapshot of the whole state now and returns once it is durable and read back; the snapshot before
    /// it and the segments after that one stay, so a snapshot damaged later still leaves a way to open the store
    /// (Issue 26.3), and older ones are deleted.
    package func checkpoint() async throws(MarfaError) {
        if let running = checkpointInFlight {
            _ = await running.result
        }
        guard journal != nil else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        startCheckpoint()
        guard let running = checkpointInFlight else { return }
        if case .failure(let error) = await running.result { throw StorageBridge.translate(error) }
    }

    private func startCheckpoint() {
        guard let journal, let snapshots else { return }
        supersedeStoredWordIndex()
        let storesWords = indexes.words != nil && StoredWordIndex.rowsSurviveRestore(state.items)
            && indexes.staleWordRowCount <= StoredWordIndex.staleRowsBroughtCurrent
        if storesWords { indexes.buildWords(state: state) }
        let words = storesWords ? indexes.words : nil
        let image = state
        let segment: UInt64
        do {
            segment = try journal.rotate()
        } catch {
            failure = StorageBridge.translate(error)
            return
        }
        let kept = newestGoodSnapshot ?? Recovery.firstSegment
        checkpointInFlight = Task.detached { [snapshotPolicy] in
            defer { Task { await self.checkpointFinished() } }
            _ = try await snapshots.write(segment: segment) { sink in
                try SnapshotEncoder.encode(image) { try sink.append($0) }
                snapshotPolicy.measured(statePayloadBytes: sink.length)
            }
            try journal.deleteSegments(before: kept)
            try await snapshots.deleteSnapshots(before: kept, wordIndexesBefore: segment)
            await self.snapshotVerified(segment)
        }
        if let words, let checkpoint = checkpointInFlight {
            storeWordIndex(words, commitCount: image.commitCount, segment: segment, after: checkpoint, in: snapshots)
        }
    }

    private func snapshotVerified(_ segment: UInt64) {
        newestGoodSnapshot = max(newestGoodSnapshot ?? segment, segment)
    }

    private func checkpointFinished() {
        checkpointInFlight = nil
    }

    /// Waits for any snapshot in flight (and the word index stored beside it), then releases the journal and the
    /// writer lock.
    package func close() async {
        isClosed = true
        if failure == nil { failure = .closed(message: "this copy was closed") }
        stopTextIndexWarmUp()
        if let running = checkpointInFlight { _ = await running.result }
        await wordIndexWrite?.task.value
        try? await journal?.close()
        directory.close()
    }

    static func decode(_ payload: [UInt8], path: String) throws(MarfaError) -> [StoreChange] {
        do {
            return try StoreChange.decode(payload)
        } catch .storeCorrupt(_, let offset, let message) {
            throw MarfaError.storeCorrupt(path: path, offset: offset, message: message)
        }
    }

    private static func readMetadata(_ directory: StoreDirectory) throws(MarfaError) -> StoreMetadata? {
        guard let bytes = try StorageBridge.run({ try directory.readMetadata(named: StoreMetadata.fileName) }) else {
            return nil
        }
        do {
            return try JSONDecoder().decode(StoreMetadata.self, from: Data(bytes))
        } catch {
            throw MarfaError.storeCorrupt(
                path: directory.filePath(StoreMetadata.fileName), offset: 0, message: "unreadable store metadata")
        }
    }

    private static func writeMetadata(_ metadata: StoreMetadata, to directory: StoreDirectory) throws(MarfaError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let bytes = try? encoder.encode(metadata) else {
            throw MarfaError.store(message: "could not encode the store metadata")
        }
        try StorageBridge.run { try directory.writeMetadata(Array(bytes), named: StoreMetadata.fileName) }
    }
}
