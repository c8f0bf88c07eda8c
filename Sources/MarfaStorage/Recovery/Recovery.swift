/// Rebuilds what a store holds from its files: the newest valid snapshot N plus every record of segments ≥ N.
///
/// A snapshot that fails its checks is passed over for an older one whose segments all still exist, or for a
/// replay from segment 1; when neither is possible the bad snapshot's "store_corrupt" error is thrown.
package enum Recovery {
    /// The first segment of every store; a store without a usable snapshot replays from here.
    package static let firstSegment: UInt64 = 1

    /// Answers the recovered contents of `directory`; as the writer, a torn journal tail is also cut off.
    package static func recover(_ directory: StoreDirectory) throws -> RecoveredStore {
        let snapshots = SnapshotReader(directory: directory)
        let journal = JournalReader(directory: directory)
        let segments = try journal.segmentNumbers()
        let repair = directory.role == .writer
        var skipped: [StorageError] = []
        for number in try snapshots.snapshotSegments() where hasEveryLaterSegment(segments, from: number) {
            let payload: [UInt8]
            do {
                payload = try snapshots.read(segment: number)
            } catch let error as StorageError where error.code == StorageError.storeCorrupt {
                skipped.append(error)
                continue
            }
            let contents = try journal.read(from: number, repair: repair)
            return RecoveredStore(
                snapshot: payload,
                snapshotSegment: number,
                records: contents.records,
                tornTail: contents.tornTail,
                skippedSnapshots: skipped,
                nextSegment: contents.segments.last.map { $0 + 1 } ?? number
            )
        }
        if let newestBad = skipped.first, !hasEveryLaterSegment(segments, from: firstSegment) {
            throw newestBad
        }
        let contents = try journal.read(from: firstSegment, repair: repair)
        return RecoveredStore(
            snapshot: nil,
            snapshotSegment: nil,
            records: contents.records,
            tornTail: contents.tornTail,
            skippedSnapshots: skipped,
            nextSegment: contents.segments.last.map { $0 + 1 } ?? firstSegment
        )
    }

    /// Answers whether the segments from `first` on are exactly `first`, `first + 1`, … (or there are none).
    private static func hasEveryLaterSegment(_ segments: [UInt64], from first: UInt64) -> Bool {
        segments.filter { $0 >= first }.enumerated().allSatisfy { $0.element == first + UInt64($0.offset) }
    }
}
