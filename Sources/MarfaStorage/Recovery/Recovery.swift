/// Rebuilds what a store holds from its files: the newest valid snapshot N plus every record of segments ≥ N.
///
/// A snapshot that fails its checks is passed over for an older one whose segments all still exist, or for a
/// replay from segment 1; when neither is possible the bad snapshot's "store_corrupt" error is thrown.
package enum Recovery {
    /// The first segment of every store; a store without a usable snapshot replays from here.
    package static let firstSegment: UInt64 = 1

    /// Answers the recovered contents of `directory`; as the writer, a torn journal tail is also cut off.
    package static func recover(_ directory: StoreDirectory) throws -> RecoveredStore {
        var records: [[UInt8]] = []
        var (store, payload) = try recover(directory) { try $0.read(segment: $1) } replaying: { _, record in
            records.append(Array(record))
        }
        store.snapshot = payload
        store.records = records
        return store
    }

    /// Answers the recovered contents of `directory` (without `snapshot` or `records`) and the image `restore`
    /// made of the snapshot used, streamed to it piece by piece (Decision 0052), with every journal record after it
    /// handed to `replay` in order as it is read (Decision 0056); the image is nil before the first record when
    /// the journal is replayed from its first segment. As the writer, a torn journal tail is also cut off.
    ///
    /// A snapshot is passed over when `restore` throws "store_corrupt" as a `StorageError` (the stream's checks of
    /// the frames, length and checksum); anything else it or `replay` throws ends the recovery.
    package static func recover<Image>(
        _ directory: StoreDirectory, restoring restore: (SnapshotPayloadStream) throws -> Image,
        replaying replay: (inout Image?, UnsafeRawBufferPointer) throws -> Void
    ) throws -> (store: RecoveredStore, image: Image?) {
        try recover(directory, reading: { reader, segment in try restore(try reader.stream(segment: segment)) },
            replaying: replay)
    }

    private static func recover<Image>(
        _ directory: StoreDirectory, reading read: (SnapshotReader, UInt64) throws -> Image,
        replaying replay: (inout Image?, UnsafeRawBufferPointer) throws -> Void
    ) throws -> (store: RecoveredStore, image: Image?) {
        let snapshots = SnapshotReader(directory: directory)
        let journal = JournalReader(directory: directory)
        let segments = try journal.segmentNumbers()
        let repair = directory.role == .writer
        var skipped: [StorageError] = []
        for number in try snapshots.snapshotSegments() where hasEveryLaterSegment(segments, from: number) {
            var image: Image?
            do {
                image = try read(snapshots, number)
            } catch let error as StorageError where error.code == StorageError.storeCorrupt {
                skipped.append(error)
                continue
            }
            let outline = try journal.visit(from: number, repair: repair) { try replay(&image, $0) }
            return (try store(outline, snapshotSegment: number, skipped: skipped, in: directory), image)
        }
        if !hasEveryLaterSegment(segments, from: firstSegment) {
            if let newestBad = skipped.first { throw newestBad }
            let base = try snapshots.snapshotSegments().first ?? firstSegment
            throw JournalReader.missingSegments(from: base, present: segments, in: directory)
        }
        var image: Image?
        let outline = try journal.visit(from: firstSegment, repair: repair) { try replay(&image, $0) }
        return (try store(outline, snapshotSegment: nil, skipped: skipped, in: directory), image)
    }

    private static func store(
        _ outline: JournalReader.Outline, snapshotSegment: UInt64?, skipped: [StorageError], in directory: StoreDirectory
    ) throws -> RecoveredStore {
        RecoveredStore(
            snapshot: nil,
            snapshotSegment: snapshotSegment,
            records: [],
            journalEnds: outline.ends,
            tornTail: outline.tornTail,
            skippedSnapshots: skipped,
            nextSegment: outline.segments.last.map { $0 + 1 } ?? snapshotSegment ?? firstSegment,
            strayFiles: try strayFiles(in: directory, base: snapshotSegment ?? firstSegment)
        )
    }

    /// The names in the folder that look like the store's numbered files but are not read (Issue 26.4): names
    /// with the prefix of a segment, snapshot or word index that parse as none, and segments below `base` cut off
    /// from it by a missing segment. They are reported, never read or deleted.
    private static func strayFiles(in directory: StoreDirectory, base: UInt64) throws -> [String] {
        let names = try directory.fileNames()
        let segments = Set(names.compactMap(StoreFileName.segmentNumber(of:)))
        var chainStart = base
        while chainStart > firstSegment, segments.contains(chainStart - 1) { chainStart -= 1 }
        return names.filter { name in
            if let number = StoreFileName.segmentNumber(of: name) { return number < chainStart }
            if StoreFileName.snapshotNumber(of: name) != nil || StoreFileName.wordIndexNumber(of: name) != nil {
                return false
            }
            return !name.hasSuffix(StoreFileName.temporarySuffix)
                && ["journal-", "snapshot-", "words-"].contains { name.hasPrefix($0) }
        }.sorted()
    }

    /// Answers whether the segments from `first` on are exactly `first`, `first + 1`, … (or there are none).
    private static func hasEveryLaterSegment(_ segments: [UInt64], from first: UInt64) -> Bool {
        segments.filter { $0 >= first }.enumerated().allSatisfy { $0.element == first + UInt64($0.offset) }
    }
}
