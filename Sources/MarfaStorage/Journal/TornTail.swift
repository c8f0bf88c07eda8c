/// Why the end of the last journal segment was judged a torn (never acknowledged) write.
package enum TornTailReason: String, Sendable, Equatable {
    /// The record's declared length (or its 8-byte frame header) runs past the end of the file.
    case runsPastEnd = "runs_past_end"
    /// The record fails its checksum and only zeros follow it: the end of the file or the space written ahead.
    case badChecksumAtEnd = "bad_checksum_at_end"
}

/// A torn tail found while reading the journal: where it starts, why, and whether the file was cut there.
package struct TornTail: Sendable, Equatable {
    /// The segment file holding the torn tail.
    package var path: String
    /// The segment number of that file.
    package var segment: UInt64
    /// The byte offset of the first bad record: everything before it was kept.
    package var offset: UInt64
    /// The file's length before any cut.
    package var fileLength: UInt64
    /// Why the tail was judged torn.
    package var reason: TornTailReason
    /// Whether the file was truncated to `offset` (and fsynced); false when read without repairing.
    package var wasCut: Bool
}
