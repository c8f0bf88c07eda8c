/// What opening a store found: the snapshot to start from, the journal records to replay after it, and repairs.
package struct RecoveredStore: Sendable {
    /// The payload of the snapshot used, or nil when the journal is replayed from its first segment (or the
    /// snapshot was streamed to the caller instead, `Recovery.recover(_:restoring:)`).
    package var snapshot: [UInt8]?
    /// The number of the snapshot used (records of segments below it are inside it), or nil without a snapshot.
    package var snapshotSegment: UInt64?
    /// The payloads of every record of segments at or after the snapshot, oldest first (empty when they were
    /// handed to the caller as they were read instead, `Recovery.recover(_:restoring:replaying:)`).
    package var records: [[UInt8]]
    /// Where each segment's valid records end, in segment order (`JournalReader.Outline.ends`).
    package var journalEnds: [JournalPosition]
    /// The torn tail found at the end of the journal (cut when opened as the writer), if any.
    package var tornTail: TornTail?
    /// Newer snapshots passed over because they failed their checks, newest first.
    package var skippedSnapshots: [StorageError]
    /// The segment the journal should open next (`Journal.open(in:segment:)`), keeping numbers contiguous.
    package var nextSegment: UInt64
    /// Files that look like the store's numbered files but were not read (Issue 26.4), by name.
    package var strayFiles: [String] = []
}
