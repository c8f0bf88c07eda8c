import Foundation
import MarfaEngine
import MarfaRules
import MarfaStorage

/// One acknowledgement the drill saw a `marfa` process give: a write queued (its create exited 0) or its verdict
/// answered (a drain listed it).
struct Acknowledgement: Hashable {
    /// The queued write's id.
    var id: String
    /// Whether the acknowledgement is the write's verdict (else its queueing).
    var answered: Bool
}

/// Where in a store's journal a byte lies: segment, then offset. Snapshots come before every segment they precede.
struct JournalPlace: Comparable {
    var segment: UInt64
    var offset: UInt64

    static func < (lhs: JournalPlace, rhs: JournalPlace) -> Bool {
        (lhs.segment, lhs.offset) < (rhs.segment, rhs.offset)
    }
}

/// A journal record of a pristine store: which segment file, where it starts and ends.
struct RecordSpan {
    var segment: UInt64
    var start: Int
    var end: Int
    /// The queued-write acknowledgements this record is the first to make durable.
    var settles: [Acknowledgement]
}

/// The drill's own log of what was acknowledged, with where each acknowledgement became durable in one store.
struct AcknowledgedLog {
    /// Every acknowledgement, in the order the processes gave them.
    var acknowledgements: [Acknowledgement] = []

    /// The records of `store`'s journal in order, with the acknowledgements each first holds (read from the
    /// pristine store by the storage layer's own framing; an acknowledgement no record holds is in a snapshot).
    func spans(of store: String) throws -> [RecordSpan] {
        let directory = try StoreDirectory.openReader(at: store, lockRequired: false)
        let wanted = Set(acknowledgements)
        var seen: Set<Acknowledgement> = []
        var spans: [RecordSpan] = []
        for number in try JournalReader(directory: directory).segmentNumbers() {
            let bytes = try Files.bytes(directory.filePath(StoreFileName.segment(number)))
            try bytes.withUnsafeBytes { buffer in
                var offset = SegmentHeader.size
                while case .record(let payload, let next) = JournalRecord.scan(buffer, at: offset) {
                    var settles: [Acknowledgement] = []
                    for change in try StoreChange.decode(Array(buffer[payload])) {
                        guard case .putQueuedWrite(let write) = change else { continue }
                        for made in [Acknowledgement(id: write.id, answered: false)]
                            + (write.verdict == nil ? [] : [Acknowledgement(id: write.id, answered: true)])
                        where wanted.contains(made) && !seen.contains(made) {
                            seen.insert(made)
                            settles.append(made)
                        }
                    }
                    spans.append(RecordSpan(segment: number, start: offset, end: next, settles: settles))
                    offset = next
                }
            }
        }
        return spans
    }

    /// The acknowledgements a store damaged at `place` must still hold: those made durable by a record that ends
    /// at or before it, and those held in a snapshot (no record holds them); nil `place`: every one.
    func owed(in spans: [RecordSpan], damagedAt place: JournalPlace?) -> [Acknowledgement] {
        guard let place else { return acknowledgements }
        var after: Set<Acknowledgement> = []
        for span in spans where !(JournalPlace(segment: span.segment, offset: UInt64(span.end)) <= place) {
            after.formUnion(span.settles)
        }
        return acknowledgements.filter { !after.contains($0) }
    }
}
