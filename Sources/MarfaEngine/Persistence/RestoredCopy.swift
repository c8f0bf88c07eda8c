import MarfaRules
import MarfaStorage

/// A copy being opened: the state and read indexes restored from a snapshot, with each journal record after it
/// applied as recovery reads it, and the commit notices those records make (Decision 0056).
struct RestoredCopy {
    var state: CopyState
    var indexes: ReadIndexes
    var changeLog: ChangeLog
    /// The snapshot the copy was restored from, or nil when the journal was replayed from its start.
    let snapshot: SeenSnapshot?
    /// The restored snapshot's payload length: the state's encoded size as it measured it (0 with no snapshot).
    let snapshotPayloadBytes: UInt64
    /// Journal records applied so far.
    private(set) var replayed = 0
    /// The word index stored beside the snapshot, not read yet (Decision 0071): the rows the journal changes
    /// after the snapshot are noted for it, under `StoredWordIndex.token`.
    let storedWords: SnapshotPayloadStream?

    /// Starts from `state` and `indexes` restored from the snapshot at `path` of `payloadBytes`, or from empty ones
    /// (no path) when the journal is replayed from its start; `storedWords` is the word index stored beside the
    /// snapshot, if any.
    init(
        state: CopyState = CopyState(), indexes: ReadIndexes = ReadIndexes(), restoredFrom path: String? = nil,
        payloadBytes: UInt64 = 0, storedWords: SnapshotPayloadStream? = nil
    ) {
        self.state = state
        self.indexes = indexes
        self.storedWords = storedWords
        if storedWords != nil { self.indexes.expectWords(token: StoredWordIndex.token) }
        changeLog = ChangeLog(after: state.commitCount)
        snapshot = path.map { SeenSnapshot(path: $0, commitCount: state.commitCount) }
        snapshotPayloadBytes = payloadBytes
    }

    /// Decodes one journal record's payload and applies its changes as one commit; "store_corrupt" names `store`'s
    /// path and the record's position when the payload does not decode.
    mutating func replay(_ payload: UnsafeRawBufferPointer, store: String) throws(MarfaError) {
        let changes = try CopyActor.decode(Array(payload), path: "\(store) journal record \(replayed)")
        let ends = CommitNotice.edgeEnds(of: changes, before: state)
        for change in changes { CopyActor.apply(change, to: &state, indexes: &indexes) }
        state.countCommit()
        var notice = CommitNotice(origin: .housekeeping, changes: changes)
        notice.edgeEnds = ends
        changeLog.record(state.commitCount, notice)
        replayed += 1
    }
}
