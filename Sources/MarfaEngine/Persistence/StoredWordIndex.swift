import Foundation
import MarfaStorage

/// The word index stored beside a snapshot (Decision 0071): written after the snapshot from the index as it stood,
/// brought current, when the snapshot was cut, and read at open instead of building the index again from every
/// row's text. Derived data: a stored index that is missing, damaged or from another build is passed over and the
/// index is built as before, so nothing depends on it.
enum StoredWordIndex {
    /// The first integer of the payload: "MWIX" and the format, in the machine's byte order. Bump the format when
    /// the index's parts or the normal form of words change, so older files are passed over.
    static let magic: UInt64 = 0x4D57_4958_0000_0001
    /// The warm-up token the index read at open is expected under (the copy's first).
    static let token: UInt64 = 1

    /// The most rows changed since the last search a checkpoint brings the word index current with, on the actor,
    /// to store it: past this the checkpoint stores none (the next open builds the index from the text), so a
    /// checkpoint after a large catch-up never holds the copy for the seconds that bringing it current takes
    /// (a 100k-event stream left about 8 s of it).
    static let staleRowsBroughtCurrent = 4_096

    /// Whether the rows of `items` are the rows a snapshot of them restores: a snapshot puts items back at rows
    /// counted from 0 in row order, so a table with free rows would come back with other rows under the stored
    /// index's row numbers, and no index is stored for it.
    static func rowsSurviveRestore(_ items: ItemTable) -> Bool {
        items.count == items.capacity
    }

    /// Writes `index`, current with the state after `commitCount` commits, into `sink`; throws `CancellationError`
    /// as soon as `stopped` answers true (checked before each piece goes to the sink).
    /// - Complexity: O(the index's bytes), with O(1 MiB) extra memory.
    static func write(
        _ index: WordIndex, commitCount: UInt64, into sink: SnapshotPayloadSink, unless stopped: @escaping () -> Bool
    ) throws {
        var writer = WordIndexImageWriter { bytes in
            if stopped() { throw CancellationError() }
            try sink.append(bytes)
        }
        try writer.write(magic)
        try writer.write(commitCount)
        try index.writeImage(into: &writer)
        try writer.finish()
    }

    /// The index `stream` holds, which must be current with the state after `commitCount` commits; throws when the
    /// magic, the commit count, the parts, the length or the checksum are wrong.
    /// - Complexity: O(the index's bytes).
    static func read(_ stream: SnapshotPayloadStream, commitCount: UInt64) throws -> WordIndex {
        var reader = WordIndexImageReader(length: stream.payloadLength) { try stream.read(into: $0) }
        try IndexCorruption.check(try reader.read(UInt64.self) == magic, "stored word index: another format")
        try IndexCorruption.check(
            try reader.read(UInt64.self) == commitCount, "stored word index: not the snapshot's commit")
        let index = try WordIndex(image: &reader)
        try IndexCorruption.check(reader.remaining == 0, "stored word index: bytes after the index")
        try stream.verify()
        return index
    }

    /// The stream of the word index stored beside the snapshot at `snapshotPath` in `directory`; nil when there is
    /// none or it does not open.
    static func stream(besideSnapshot snapshotPath: String, in directory: StoreDirectory) -> SnapshotPayloadStream? {
        let name = URL(fileURLWithPath: snapshotPath).lastPathComponent
        guard let segment = StoreFileName.snapshotNumber(of: name) else { return nil }
        return try? SnapshotReader(directory: directory).wordIndexStream(segment: segment)
    }
}
