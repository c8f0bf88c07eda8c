extension JournalReader {
    /// Answers whether a record (or part of one) has been written at `position` since a pass ended there: whether
    /// any of the frame header's bytes there are not zero. A reading handle asks this before reading again.
    package func holdsRecord(at position: JournalPosition) throws -> Bool {
        let path = directory.filePath(StoreFileName.segment(position.segment))
        return try FileIO.read(path, at: position.offset, count: JournalRecord.frameHeaderSize).contains { $0 != 0 }
    }

    /// Hands the records written since a pass that ended at `ends` (the same segments, none added or removed) to
    /// `body` in order, reading each segment that holds a new record from its end on, and nothing of the others;
    /// answers the outline of what was read, with every segment's end, moved or not (Decision 0057).
    ///
    /// The torn-tail rule applies across the segments read as in a whole pass; nothing is cut.
    package func visit(after ends: [JournalPosition], _ body: (UnsafeRawBufferPointer) throws -> Void) throws
        -> Outline
    {
        let moved = try ends.filter { try holdsRecord(at: $0) }
        var outline = try pass(from: moved, mapped: false, body)
        let movedEnds = Dictionary(uniqueKeysWithValues: outline.ends.map { ($0.segment, $0) })
        outline.segments = ends.map(\.segment)
        outline.ends = ends.map { movedEnds[$0.segment] ?? $0 }
        return outline
    }
}
