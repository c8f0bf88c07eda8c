import MarfaRules
import MarfaStorage

extension CopyActor {
    /// Takes in the saves the writer process made since this reading handle last looked (swift-api "One writer
    /// per store": a reader's streams hear the writer's saves as `.saved`); answers one notice per save, in order.
    ///
    /// Reads nothing when the store's files are those of the last look (or the open) and no record was begun where
    /// a segment's records ended then; reads only the new records when the same files hold them; otherwise (a
    /// segment or snapshot came or went) reads the journal records after the newest snapshot and decodes a snapshot
    /// only the first time it meets it (Decision 0057). New records are applied once all are read. When a
    /// checkpoint has already dropped records this handle never saw, it rebuilds its state from the snapshot and
    /// answers one notice that names everything. A record still being written is left for the next look; a look
    /// the writer's checkpoint cuts short is tried again, a few times.
    /// - Complexity: O(segments) small file reads when nothing was saved; O(new records) while the files stay the
    ///   same; else O(journal since the last snapshot) to read and O(snapshot) once per snapshot met.
    package func takeWriterSaves() throws(MarfaError) -> [CommitNotice] {
        guard role == .reader else { return [] }
        if let writerSavesSeen, writerSavesSeen.stillCurrent(in: directory) { return [] }
        var attempts = 0
        while true {
            let names = try StorageBridge.run { Set(try directory.fileNames()) }
            do {
                return try takeWriterSaves(listed: names)
            } catch {
                attempts += 1
                let changed = (try? directory.fileNames()).map(Set.init) != names
                guard changed && attempts < Self.looksWhileFilesChange else { throw error }
            }
        }
    }

    /// One look at the store's files, whose names were `names` just before: every record past those the handle
    /// has taken is decoded first and applied only once the whole look has succeeded, so a failed look changes
    /// nothing.
    private func takeWriterSaves(listed names: Set<String>) throws(MarfaError) -> [CommitNotice] {
        if let look = writerSavesSeen, look.fileNames == names { return try takeSavesSince(look) }
        let seen = writerSavesSeen?.snapshot
        let held = state.commitCount
        var saves: [[StoreChange]] = []
        var position: UInt64 = 0
        let (recovered, image) = try StorageBridge.run {
            try Recovery.recover(directory) { stream in
                if let seen, stream.path == seen.path { return WriterSavesBase(snapshot: seen) }
                let (restoredState, restoredIndexes) = try SnapshotReplay.restore(stream)
                let snapshot = SeenSnapshot(path: stream.path, commitCount: restoredState.commitCount)
                guard restoredState.commitCount > held else { return WriterSavesBase(snapshot: snapshot) }
                let rebuilt = RestoredCopy(state: restoredState, indexes: restoredIndexes, restoredFrom: stream.path)
                return WriterSavesBase(snapshot: snapshot, rebuilt: rebuilt)
            } replaying: { (base: inout WriterSavesBase?, payload) in
                if base == nil { base = WriterSavesBase() }
                defer { position += 1 }
                if base?.rebuilt != nil {
                    try base?.rebuilt?.replay(payload, store: directory.path)
                } else if (base?.commitCount ?? 0) + position + 1 > held {
                    saves.append(try Self.decode(Array(payload), path: "journal record \(position)"))
                }
            }
        }
        writerSavesSeen = WriterSavesLook(
            fileNames: names, journalEnds: recovered.journalEnds, snapshot: image?.snapshot)
        guard let rebuilt = image?.rebuilt else { return takeSaves(saves) }
        state = rebuilt.state
        indexes = rebuilt.indexes
        stopTextIndexWarmUpIfRefused()
        changeLog = ChangeLog(after: rebuilt.state.commitCount)
        var notice = CommitNotice(origin: .saved(commit: rebuilt.state.commitCount), changes: [])
        notice.everything = true
        return [notice]
    }

    /// Takes the records written since `look`, when no segment or snapshot came or went since: only the segments
    /// that hold a new record are read, from where the look's records ended.
    private func takeSavesSince(_ look: WriterSavesLook) throws(MarfaError) -> [CommitNotice] {
        var saves: [[StoreChange]] = []
        let outline = try StorageBridge.run {
            try JournalReader(directory: directory).visit(after: look.journalEnds) { payload in
                let commit = state.commitCount + UInt64(saves.count) + 1
                saves.append(try Self.decode(Array(payload), path: "journal record of commit \(commit)"))
            }
        }
        writerSavesSeen?.journalEnds = outline.ends
        return takeSaves(saves)
    }

    /// Applies the writer's saves, one commit each, and answers their notices.
    private func takeSaves(_ saves: [[StoreChange]]) -> [CommitNotice] {
        saves.map { applyCommit($0, origin: .saved(commit: state.commitCount + 1)) }
    }

    /// How many looks in a row a reading handle tries while the writer changes the store's files under them (a
    /// checkpoint deleting the segments a look was about to read) before it gives up with the last one's error.
    private static let looksWhileFilesChange = 3
}
