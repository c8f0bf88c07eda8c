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
        if repair { try directory.requireWriter() }
        let numbers = try segmentNumbers().filter { $0 >= first }
        for (index, number) in numbers.enumerated() where number != first + UInt64(index) {
            throw StorageError.corrupt(
                "journal segment \(first + UInt64(index)) is missing",
                path: directory.filePath(StoreFileName.segment(first + UInt64(index))),
                offset: 0
            )
        }
        var contents = Contents(records: [], segments: numbers, tornTail: nil)
        for number in numbers {
            let path = directory.filePath(StoreFileName.segment(number))
            let recordsBefore = contents.records.count
            let torn = try readSegment(number, path: path, into: &contents.records)
            if let earlier = contents.tornTail, torn != nil || contents.records.count > recordsBefore {
                throw StorageError.corrupt(
                    "bad record (\(earlier.reason.rawValue)) in a segment followed by later records",
                    path: earlier.path, offset: earlier.offset)
            }
            if let torn { contents.tornTail = torn }
        }
        if repair, let torn = contents.tornTail {
            try FileIO.truncate(torn.path, to: torn.offset)
            contents.tornTail?.wasCut = true
        }
        return contents
    }

    /// Appends the records of one segment to `records`; answers the torn tail it ends with, if any (not yet cut).
    private func readSegment(_ number: UInt64, path: String, into records: inout [[UInt8]]) throws -> TornTail? {
        let file = try FileIO.readAll(path)
        return try file.withUnsafeBytes { bytes in
            let header = try SegmentHeader.decode(bytes, path: path)
            guard header.segment == number else {
                throw StorageError.corrupt("segment header names segment \(header.segment)", path: path, offset: 10)
            }
            var offset = SegmentHeader.size
            while true {
                switch JournalRecord.scan(bytes, at: offset) {
                case .record(let payload, let next):
                    records.append(Array(bytes[payload]))
                    offset = next
                case .end:
                    return nil
                case .torn(let reason):
                    return TornTail(
                        path: path, segment: number, offset: UInt64(offset), fileLength: UInt64(bytes.count),
                        reason: reason, wasCut: false)
                case .corrupt(let message):
                    throw StorageError.corrupt(message, path: path, offset: UInt64(offset))
                }
            }
        }
    }
}
