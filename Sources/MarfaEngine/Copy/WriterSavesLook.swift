import MarfaStorage

/// What a reading handle saw of the store's files at its last look for the writer's saves, so the next look reads
/// nothing when nothing was written and never decodes the same snapshot twice (Decision 0057).
struct WriterSavesLook: Sendable {
    /// The names of the files in the store's folder.
    var fileNames: Set<String>
    /// Where the journal's valid records ended; the writer's next record goes there.
    var journalEnd: JournalPosition?
    /// The snapshot the look started from, and the commit count it holds (0 without one).
    var snapshot: (path: String, commitCount: UInt64)?

    /// Answers whether the store's files hold nothing the look did not see: the same files, and no record begun
    /// where the journal ended. A file that cannot be read counts as a change.
    func stillCurrent(in directory: StoreDirectory) -> Bool {
        guard let names = try? directory.fileNames(), Set(names) == fileNames else { return false }
        guard let journalEnd else { return true }
        return (try? JournalReader(directory: directory).holdsRecord(at: journalEnd)) == false
    }
}

/// Where a reading handle's look for the writer's saves starts: the commit count of the snapshot it found, and,
/// when that snapshot holds commits the handle never saw, the copy restored from it to replace the handle's own.
struct WriterSavesBase {
    /// The snapshot's path, or nil when the journal is read from its first segment.
    var snapshotPath: String?
    /// The commit count the snapshot holds.
    var commitCount: UInt64
    /// The copy rebuilt from the snapshot and every record after it, when the handle must start over.
    var rebuilt: RestoredCopy?
}
