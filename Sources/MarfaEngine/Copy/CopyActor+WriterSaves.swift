import MarfaRules
import MarfaStorage

extension CopyActor {
    /// Takes in the saves the writer process made since this reading handle last looked (swift-api "One writer
    /// per store": a reader's streams hear the writer's saves as `.saved`); answers one notice per save, in order.
    ///
    /// Reads the store's files again: the journal records after the newest snapshot. When a checkpoint has
    /// already dropped records this handle never saw, it rebuilds its state from the snapshot and answers one
    /// notice that names everything. A record still being written is left for the next look.
    /// - Complexity: O(journal since the last snapshot) to read; O(new records) to apply.
    package func takeWriterSaves() throws(MarfaError) -> [CommitNotice] {
        guard role == .reader else { return [] }
        let recovered = try StorageBridge.run { try Recovery.recover(directory) }
        let image = try recovered.snapshot.map { payload throws(MarfaError) in
            try Self.decode(payload, path: directory.filePath(StoreFileName.snapshot(recovered.snapshotSegment ?? 0)))
        }
        let base = image.map(Self.commitCount(of:)) ?? 0
        guard base + UInt64(recovered.records.count) > state.commitCount else { return [] }
        if base > state.commitCount {
            var rebuilt = CopyState()
            for change in image ?? [] { rebuilt.apply(change) }
            for (position, record) in recovered.records.enumerated() {
                for change in try Self.decode(record, path: "journal record \(position)") { rebuilt.apply(change) }
                rebuilt.countCommit()
            }
            state = rebuilt
            indexes = ReadIndexes(state: rebuilt)
            stopTextIndexWarmUpIfRefused()
            changeLog = ChangeLog(after: rebuilt.commitCount)
            var notice = CommitNotice(origin: .saved(commit: rebuilt.commitCount), changes: [])
            notice.everything = true
            return [notice]
        }
        var notices: [CommitNotice] = []
        let seen = Int(state.commitCount - base)
        for (position, record) in recovered.records.enumerated().dropFirst(seen) {
            let changes = try Self.decode(record, path: "journal record \(position)")
            for change in changes { apply(change) }
            state.countCommit()
            let notice = CommitNotice(origin: .saved(commit: state.commitCount), changes: changes)
            changeLog.record(state.commitCount, notice)
            notices.append(notice)
        }
        return notices
    }

    /// The commit count a snapshot image records.
    private static func commitCount(of image: [StoreChange]) -> UInt64 {
        for change in image.reversed() {
            if case .setCommitCount(let count) = change { return count }
        }
        return 0
    }
}
