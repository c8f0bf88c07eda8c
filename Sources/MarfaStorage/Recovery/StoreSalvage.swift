/// Reads whatever can still be read from a damaged store, changing nothing (Issue 26.3, `device salvage`).
///
/// Where `Recovery` refuses damage, this passes over it and says where it was: the newest snapshot that reads back
/// whole is used (else none, and the journal is read from its oldest segment), and every journal record after it
/// that holds its checksum is handed over; a bad record is noted and reading resumes at the next byte where a valid
/// record starts. Nothing is cut, written or deleted.
package enum StoreSalvage {
    /// What a salvage read and what it passed over.
    package struct Outcome: Sendable {
        /// The snapshot used, nil when none read back (or was accepted by the caller).
        package var snapshotSegment: UInt64?
        /// The journal records handed over.
        package var records: Int
        /// Every damage passed over: bad snapshots, missing segments, bad headers and records.
        package var damage: [StorageError]
    }

    /// Hands the payload of the newest snapshot that reads back to `restore` (false or a throw: try the next one),
    /// then every valid journal record after it to `replay` (a throw notes the record as damage and goes on).
    package static func read(
        _ directory: StoreDirectory, restoring restore: ([UInt8]) throws -> Bool,
        replaying replay: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Outcome {
        var outcome = Outcome(snapshotSegment: nil, records: 0, damage: [])
        let reader = SnapshotReader(directory: directory)
        for number in try reader.snapshotSegments() {
            do {
                if try restore(try reader.read(segment: number)) {
                    outcome.snapshotSegment = number
                    break
                }
                outcome.damage.append(StorageError.corrupt(
                    "snapshot payload does not decode", path: directory.filePath(StoreFileName.snapshot(number)),
                    offset: UInt64(SnapshotHeader.size)))
            } catch let error as StorageError {
                outcome.damage.append(error)
            }
        }
        let present = try JournalReader(directory: directory).segmentNumbers()
        let first = outcome.snapshotSegment ?? present.first ?? Recovery.firstSegment
        let segments = present.filter { $0 >= first }
        if segments.enumerated().contains(where: { $0.element != first + UInt64($0.offset) }) {
            outcome.damage.append(JournalReader.missingSegments(from: first, present: segments, in: directory))
        }
        for number in segments {
            let path = directory.filePath(StoreFileName.segment(number))
            do {
                let bytes = try FileIO.readAll(path)
                try bytes.withUnsafeBytes { try salvage(segment: number, path: path, $0, into: &outcome, replay) }
            } catch let error as StorageError {
                outcome.damage.append(error)
            }
        }
        return outcome
    }

    private static func salvage(
        segment number: UInt64, path: String, _ bytes: UnsafeRawBufferPointer, into outcome: inout Outcome,
        _ replay: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        do {
            let header = try SegmentHeader.decode(bytes, path: path)
            if header.segment != number {
                outcome.damage.append(StorageError.corrupt(
                    "segment header names segment \(header.segment)", path: path, offset: 10))
            }
        } catch let error as StorageError {
            outcome.damage.append(error)
        }
        var offset = min(SegmentHeader.size, bytes.count)
        while true {
            let bad: String
            switch JournalRecord.scan(bytes, at: offset) {
            case .record(let payload, let next):
                do {
                    try replay(UnsafeRawBufferPointer(rebasing: bytes[payload]))
                    outcome.records += 1
                } catch {
                    outcome.damage.append(StorageError.corrupt(
                        "record does not decode: \(error)", path: path, offset: UInt64(offset)))
                }
                offset = next
                continue
            case .end: return
            case .torn(let reason): bad = "bad record (\(reason.rawValue))"
            case .corrupt(let message): bad = message
            }
            outcome.damage.append(StorageError.corrupt(bad, path: path, offset: UInt64(offset)))
            guard let next = JournalRecord.validRecordStart(in: bytes, after: offset) else { return }
            offset = next
        }
    }
}
