import MarfaStorage

/// What a reading handle saw of the store's files at its last look for the writer's saves (or at its open), so the
/// next look reads nothing when nothing was written and never decodes the same snapshot twice (Decision 0057).
struct WriterSavesLook: Sendable {
    /// The names of the files in the store's folder.
    var fileNames: Set<String>
    /// Where each segment's valid records ended: a record the writer adds goes to one of these places.
    var journalEnds: [JournalPosition]
    /// The snapshot the look started from, if any.
    var snapshot: SeenSnapshot?

    /// Answers whether the store's files hold nothing the look did not see: the same files, and no record begun
    /// where any segment's records ended. A file that cannot be read counts as a change.
    func stillCurrent(in directory: StoreDirectory) -> Bool {
        guard let names = try? directory.fileNames(), Set(names) == fileNames else { return false }
        let journal = JournalReader(directory: directory)
        return journalEnds.allSatisfy { (try? journal.holdsRecord(at: $0)) == false }
    }
}
