/// Reads journal segments back in order, applying the torn-tail rule and refusing any other damage.
///
/// A segment ends at the end of its file or where every byte left is zero: the space the writer fills with zeros
/// ahead of the tail (Decision 0025). Torn-tail rule: a bad record at offset X is an unacknowledged torn write,
/// cut off (file truncated to X and fsynced) when repairing, if no later segment holds a record, and its
/// declared length runs past the end of the file or it fails its checksum with only zeros after it. The sync
/// thread syncs a segment before it writes to the next one, so no crash leaves records after a torn write. Every
/// other bad record, a bad header or a missing segment is refused "store_corrupt" with the path and byte offset.
package struct JournalReader: Sendable {
    /// The records read, in order, and the torn tail found, if any.
    package struct Contents: Sendable, Equatable {
        /// The payloads of every valid record, oldest first.
        package var records: [[UInt8]]
        /// The segment numbers read, ascending.
        package var segments: [UInt64]
        /// The torn tail found at the end, if any.
        package var tornTail: TornTail?
    }

    /// What a pass over the segments found besides the records it handed over.
    package struct Outline: Sendable, Equatable {
        /// The segment numbers read, ascending.
        package var segments: [UInt64]
        /// The torn tail found at the end, if any.
        package var tornTail: TornTail?
        /// Where each segment's valid records end, in segment order: a record the writer adds to one of them
        /// goes there (to the newest, or to the one before it when queued before a rotation).
        package var ends: [JournalPosition]
    }

    /// The store folder the segments live in.
    package let directory: StoreDirectory

    /// Creates a reader for `directory`.
    package init(directory: StoreDirectory) {
        self.directory = directory
    }

    /// Answers the numbers of the segment files present, ascending.
    package func segmentNumbers() throws -> [UInt64] {
        try directory.fileNames().compactMap(StoreFileName.segmentNumber(of:)).sorted()
    }

    /// Reads every record of segments `first`, `first + 1`, … in order.
    ///
    /// The segments present from `first` on must be exactly `first`, `first + 1`, … with no gap. With `repair`
    /// (writer only, else "reading_handle") a torn tail is truncated away; without it the tail is only reported.
    package func read(from first: UInt64, repair: Bool) throws -> Contents {
        var records: [[UInt8]] = []
        let outline = try visit(from: first, repair: repair) { records.append(Array($0)) }
        return Contents(records: records, segments: outline.segments, tornTail: outline.tornTail)
    }

    /// Hands every record of segments `first`, `first + 1`, … to `body` in order, as `read(from:repair:)` reads
    /// them, without keeping any: the payload's bytes are valid only during the call. The writer (`repair`) maps
    /// each segment and lets its pages go as it passes them, so a journal of any length is never resident whole.
    ///
    /// A bad record with valid records after it throws "store_corrupt" once those are reached, after the records
    /// before it were handed over; anything `body` throws ends the pass.
    package func visit(
        from first: UInt64, repair: Bool, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Outline {
        if repair { try directory.requireWriter() }
        let numbers = try segmentNumbers().filter { $0 >= first }
        for (index, number) in numbers.enumerated() where number != first + UInt64(index) {
            throw Self.missingSegments(from: first, present: numbers, in: directory)
        }
        let header = UInt64(SegmentHeader.size)
        var outline = try pass(from: numbers.map { JournalPosition(segment: $0, offset: header) }, mapped: repair, body)
        if repair, let torn = outline.tornTail {
            try FileIO.truncate(torn.path, to: torn.offset)
            outline.tornTail?.wasCut = true
        }
        return outline
    }

    /// Hands the records of each segment from its `starts` offset on to `body`, segment after segment, applying the
    /// torn-tail rule across them; answers what the pass found (not yet cut).
    func pass(
        from starts: [JournalPosition], mapped: Bool, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Outline {
        var outline = Outline(segments: starts.map(\.segment), tornTail: nil, ends: starts)
        for (index, start) in starts.enumerated() {
            let path = directory.filePath(StoreFileName.segment(start.segment))
            let torn = try visitSegment(start, path: path, mapped: mapped) { payload, next in
                if let earlier = outline.tornTail { throw Self.followedByRecords(earlier) }
                try body(payload)
                outline.ends[index].offset = UInt64(next)
            }
            if let earlier = outline.tornTail, torn != nil { throw Self.followedByRecords(earlier) }
            if let torn { outline.tornTail = torn }
        }
        return outline
    }

    /// Hands the records of one segment from `start` on to `body` with the file offset after each; answers the
    /// torn tail they end with, if any (not yet cut). A `mapped` segment is read in place and let go behind the
    /// reader; otherwise what is read is read first (a reading handle's, which a writer opening after a crash may
    /// cut short meanwhile). The segment's header is checked when the pass starts at it.
    private func visitSegment(
        _ start: JournalPosition, path: String, mapped: Bool, _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> TornTail? {
        let whole = start.offset == UInt64(SegmentHeader.size)
        if mapped && whole {
            let file = try MappedFile(path: path, populated: false)
            var released = 0
            return try file.withBytes { bytes in
                try visitRecords(of: start.segment, path: path, in: bytes, at: 0) { payload, next in
                    try body(payload, next)
                    if next - released >= Self.releaseBytes {
                        file.release(before: next)
                        released = next
                    }
                }
            }
        }
        let base = whole ? 0 : Int(start.offset)
        let file = try whole ? FileIO.readAll(path) : FileIO.read(path, from: start.offset)
        return try file.withUnsafeBytes { bytes in
            try visitRecords(of: start.segment, path: path, in: bytes, at: base, body)
        }
    }

    /// Hands each record of `bytes`, which begin `base` bytes into one segment's file (its header first when 0),
    /// to `body` with the file offset after it; answers the torn tail they end with, if any.
    private func visitRecords(
        of number: UInt64, path: String, in bytes: UnsafeRawBufferPointer, at base: Int,
        _ body: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> TornTail? {
        var offset = 0
        if base == 0 {
            let header = try SegmentHeader.decode(bytes, path: path)
            guard header.segment == number else {
                throw StorageError.corrupt("segment header names segment \(header.segment)", path: path, offset: 10)
            }
            offset = SegmentHeader.size
        }
        while true {
            switch JournalRecord.scan(bytes, at: offset) {
            case .record(let payload, let next):
                try body(UnsafeRawBufferPointer(rebasing: bytes[payload]), base + next)
                offset = next
            case .end:
                return nil
            case .torn(let reason):
                return TornTail(
                    path: path, segment: number, offset: UInt64(base + offset), fileLength: UInt64(base + bytes.count),
                    reason: reason, wasCut: false)
            case .corrupt(let message):
                throw StorageError.corrupt(message, path: path, offset: UInt64(base + offset))
            }
        }
    }

    /// The refusal of a journal with segments missing between `first` and the last of `present`: it names every
    /// missing number (a long run by its ends) and the path of the first (Issue 26.4).
    static func missingSegments(from first: UInt64, present: [UInt64], in directory: StoreDirectory) -> StorageError {
        let present = present.filter { $0 >= first }
        let held = Set(present)
        let last = present.max() ?? first
        let missing = (first...max(first, last)).filter { !held.contains($0) }
        let named = missing.count <= 8
            ? missing.map(String.init).joined(separator: ", ")
            : "\(missing[0]) to \(missing[missing.count - 1]) (\(missing.count) segments)"
        let heldText = present.isEmpty ? "none" : present.map(String.init).joined(separator: ", ")
        return StorageError.corrupt(
            "journal segment\(missing.count == 1 ? "" : "s") \(named) \(missing.count == 1 ? "is" : "are") missing "
                + "(segments held from \(first): \(heldText))",
            path: directory.filePath(StoreFileName.segment(missing.first ?? first)), offset: 0)
    }

    /// The refusal of a bad record that later records follow: only a torn tail may be cut.
    private static func followedByRecords(_ bad: TornTail) -> StorageError {
        StorageError.corrupt(
            "bad record (\(bad.reason.rawValue)) in a segment followed by later records", path: bad.path,
            offset: bad.offset)
    }

    /// How many bytes of a mapped segment are read between two letting-gos of the pages behind the reader.
    private static let releaseBytes = 8 << 20
}
