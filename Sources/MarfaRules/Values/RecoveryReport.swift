/// Damage found in one of a store's files: which file, where, and what was wrong (Issue 26).
public struct StoreDamage: Sendable, Hashable, Codable {
    /// The file's path.
    public var file: String
    /// The byte offset where the damage was found, when known.
    public var offset: UInt64?
    /// What was wrong.
    public var message: String

    /// Makes the record of damage in `file`.
    public init(file: String, offset: UInt64?, message: String) {
        self.file = file
        self.offset = offset
        self.message = message
    }
}

/// What opening a store had to do beyond replaying it (Issue 26.4), as `status` reports it under `recovery`: the
/// snapshot it opened from, newer snapshots it passed over, a torn journal tail it cut, files it did not read, and a
/// missing `store.json` it wrote again. Kept from the last open that found any of these (Decision 0076).
public struct RecoveryReport: Sendable, Hashable, Codable {
    /// A torn journal tail: an unacknowledged write cut short, found at the end of the newest segment.
    public struct TornTail: Sendable, Hashable, Codable {
        /// The segment file's path.
        public var file: String
        /// Where the torn record began: every byte before it was kept.
        public var offset: UInt64
        /// How many bytes were cut (the file's length before the cut minus `offset`, the zeros ahead included);
        /// zero when the handle only read and cut nothing.
        public var bytesCut: UInt64
        /// Why it was judged torn: `runs_past_end` or `bad_checksum_at_end`.
        public var reason: String

        enum CodingKeys: String, CodingKey {
            case file, offset, reason
            case bytesCut = "bytes_cut"
        }

        /// Makes the record of one torn tail.
        public init(file: String, offset: UInt64, bytesCut: UInt64, reason: String) {
            self.file = file
            self.offset = offset
            self.bytesCut = bytesCut
            self.reason = reason
        }
    }

    /// The journal segment the reporting open started (each open starts one): which open this was.
    public var segment: UInt64
    /// The snapshot file the open restored from, nil when it replayed the journal from its first segment.
    public var snapshot: String?
    /// Newer snapshots passed over, newest first.
    public var skippedSnapshots: [StoreDamage]
    /// The torn tail found, if any.
    public var tornTail: TornTail?
    /// Names in the folder that look like the store's numbered files but were not read.
    public var strayFiles: [String]
    /// Whether `store.json` was missing from a store that held data, and was written again.
    public var metadataMissing: Bool

    enum CodingKeys: String, CodingKey {
        case segment, snapshot
        case skippedSnapshots = "skipped_snapshots"
        case tornTail = "torn_tail"
        case strayFiles = "stray_files"
        case metadataMissing = "metadata_missing"
    }

    /// Makes a report from its parts.
    public init(
        segment: UInt64, snapshot: String?, skippedSnapshots: [StoreDamage], tornTail: TornTail?,
        strayFiles: [String], metadataMissing: Bool
    ) {
        self.segment = segment
        self.snapshot = snapshot
        self.skippedSnapshots = skippedSnapshots
        self.tornTail = tornTail
        self.strayFiles = strayFiles
        self.metadataMissing = metadataMissing
    }

    /// Whether the open did anything worth reporting: passed over a snapshot, found a torn tail, met stray files
    /// or wrote `store.json` again.
    public var isNotable: Bool {
        !skippedSnapshots.isEmpty || tornTail != nil || !strayFiles.isEmpty || metadataMissing
    }
}
