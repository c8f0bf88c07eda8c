/// A place in the journal: a segment and a byte offset inside its file.
package struct JournalPosition: Sendable, Hashable {
    /// The segment's number.
    package var segment: UInt64
    /// The byte offset inside the segment's file.
    package var offset: UInt64

    /// The place `offset` bytes into segment `segment`.
    package init(segment: UInt64, offset: UInt64) {
        self.segment = segment
        self.offset = offset
    }
}
