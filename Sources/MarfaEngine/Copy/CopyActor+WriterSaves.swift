import MarfaRules
import MarfaStorage

extension CopyActor {
    /// Takes in the saves the writer process made since this reading handle last looked (swift-api "One writer
    /// per store": a reader's streams hear the writer's saves as `.saved`); answers one notice per save, in order.
    ///
    /// Reads nothing when the store's files are those of the last look and no record was begun where the journal
    /// ended then; otherwise reads the journal records after the newest snapshot, applying those it has not seen,
    /// and decodes a snapshot only the first time it meets it (Decision 0057). When a checkpoint has already
    /// dropped records this handle never saw, it rebuilds its state from the snapshot and answers one notice that
    /// names everything. A record still being written is left for the next look.
    /// - Complexity: O(1) file reads when nothing was saved; else O(journal since the last snapshot) to read,
    ///   O(new records) to apply, and O(snapshot) once per snapshot met.
    package func takeWriterSaves() throws(MarfaError) -> [CommitNotice] {
        guard role == .reader else { return [] }
        if let writerSavesSeen, writerSavesSeen.stillCurrent(in: directory) { return [] }
        let names = try StorageBridge.run { Set(try directory.fileNames()) }
        let seen = writerSavesSeen?.snapshot
        let held = state.commitCount
        var notices: [CommitNotice] = []
        var position: UInt64 = 0
        let (recovered, image) = try StorageBridge.run {
            try Recovery.recover(directory) { stream in
                if let seen, stream.path == seen.path {
                    return WriterSavesBase(snapshotPath: seen.path, commitCount: seen.commitCount)
                }
                let (state, indexes) = try SnapshotReplay.restore(stream)
                let rebuilt = state.commitCount > held ? RestoredCopy(state: state, indexes: indexes) : nil
                return WriterSavesBase(snapshotPath: stream.path, commitCount: state.commitCount, rebuilt: rebuilt)
            } replaying: { (base: inout WriterSavesBase?, payload) in
                if base == nil { base = WriterSavesBase(commitCount: 0) }
                position += 1
                if base?.rebuilt != nil {
                    try base?.rebuilt?.replay(payload, store: directory.path)
                } else if let commitCount = base?.commitCount, commitCount + position > state.commitCount {
                    notices.append(try takeSave(payload, position: position))
                }
            }
        }
        writerSavesSeen = WriterSavesLook(
            fileNames: names, journalEnd: recovered.journalEnd,
            snapshot: image?.snapshotPath.map { ($0, image?.commitCount ?? 0) })
        guard let rebuilt = image?.rebuilt else { return notices }
        state = rebuilt.state
        indexes = rebuilt.indexes
        stopTextIndexWarmUpIfRefused()
        changeLog = ChangeLog(after: rebuilt.state.commitCount)
        var notice = CommitNotice(origin: .saved(commit: rebuilt.state.commitCount), changes: [])
        notice.everything = true
        return [notice]
    }

    /// Applies one journal record the writer saved and answers its notice.
    private func takeSave(_ payload: UnsafeRawBufferPointer, position: UInt64) throws(MarfaError) -> CommitNotice {
        let changes = try Self.decode(Array(payload), path: "journal record \(position - 1)")
        for change in changes { apply(change) }
        state.countCommit()
        let notice = CommitNotice(origin: .saved(commit: state.commitCount), changes: changes)
        changeLog.record(state.commitCount, notice)
        return notice
    }
}
