/// Where a reading handle's look for the writer's saves starts: the snapshot it found (none when the journal is
/// read from its first segment), and, when that snapshot holds commits the handle never saw, the copy rebuilt from
/// it and every record after it, to replace the handle's own.
struct WriterSavesBase {
    /// The snapshot the look starts from.
    var snapshot: SeenSnapshot?
    /// The copy rebuilt from the snapshot, when the handle must start over.
    var rebuilt: RestoredCopy?

    /// The commit count the look starts from.
    var commitCount: UInt64 { snapshot?.commitCount ?? 0 }
}
