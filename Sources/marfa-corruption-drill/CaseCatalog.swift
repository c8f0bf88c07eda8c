import Foundation
import MarfaRules
import MarfaStorage

/// The damage cases of Issue 26.5, drawn from a baseline store's files with one seeded random sequence.
struct CaseCatalog {
    /// Whether to draw the short form (CI): fewer offsets and records, the same kinds of damage.
    var short: Bool
    var random: SplitMixRandom

    /// The newest segment truncated at every byte offset of its last three records (every 29th in the short form).
    func truncations(of spans: [RecordSpan]) -> [DamageCase] {
        guard let newest = spans.last?.segment else { return [] }
        let last = spans.filter { $0.segment == newest }.suffix(3)
        guard let first = last.first, let end = last.last?.end else { return [] }
        let name = StoreFileName.segment(newest)
        let ends = Set(last.map(\.end) + [first.start])
        return stride(from: first.start, through: end, by: short ? 29 : 1).map { length in
            DamageCase.truncate(
                name, to: length, place: JournalPlace(segment: newest, offset: UInt64(length)),
                atRecordEnd: ends.contains(length))
        }
    }

    /// One bit flipped in each frame header field (length, checksum, and the kind: the payload's first byte) of
    /// `count` records spread over the journal from `segment` on and of its last record, then in `payloads` random
    /// payload bytes.
    mutating func flips(of spans: [RecordSpan], from segment: UInt64, records count: Int, payloads: Int)
        -> [DamageCase]
    {
        let read = spans.filter { $0.segment >= segment }
        guard !read.isEmpty else { return [] }
        var cases: [DamageCase] = []
        let chosen = (0..<min(count, read.count)).map { read[$0 * read.count / min(count, read.count)] }
        /// Only the journal's last record may be lost to damage, as a torn tail would be (`DamageCase.place`).
        func place(_ span: RecordSpan) -> JournalPlace? {
            span.start == spans.last?.start && span.segment == spans.last?.segment
                ? JournalPlace(segment: span.segment, offset: UInt64(span.start)) : nil
        }
        for span in chosen + (spans.last.map { [$0] } ?? []) {
            let place = place(span)
            let name = StoreFileName.segment(span.segment)
            for (label, field) in [("length", 0..<4), ("checksum", 4..<8), ("kind", 8..<9)] {
                let offset = span.start + field.lowerBound + random.below(field.count)
                cases.append(.flip(name, at: offset, bit: random.below(8), place: place, "record \(label)"))
            }
        }
        for _ in 0..<payloads {
            let span = read[random.below(read.count)]
            let payload = span.end - span.start - JournalRecord.frameHeaderSize
            let offset = span.start + JournalRecord.frameHeaderSize + random.below(payload)
            cases.append(.flip(
                StoreFileName.segment(span.segment), at: offset, bit: random.below(8),
                place: place(span), "record payload"))
        }
        return cases
    }

    /// One bit flipped in each field of the newest snapshot's header, and in `payloads` random bytes after it.
    mutating func snapshotDamage(in store: String, payloads: Int) throws -> [DamageCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: store)
        guard let newest = names.compactMap(StoreFileName.snapshotNumber(of:)).max() else { return [] }
        let name = StoreFileName.snapshot(newest)
        let size = try Files.size(store + "/" + name)
        let fields = [("magic", 0..<8), ("version", 8..<10), ("segment", 10..<18), ("length", 18..<26),
            ("payload checksum", 26..<30), ("header checksum", 30..<34)]
        var cases = fields.map { label, field in
            DamageCase.flip(
                name, at: field.lowerBound + random.below(field.count), bit: random.below(8), place: nil,
                "snapshot \(label)")
        }
        for _ in 0..<payloads {
            let offset = SnapshotHeader.size + random.below(Int(size) - SnapshotHeader.size)
            cases.append(.flip(name, at: offset, bit: random.below(8), place: nil, "snapshot payload"))
        }
        return cases
    }

    /// A missing middle segment (after the newest snapshot when it can, else any), a stray file of each kind,
    /// and a deleted `store.json`.
    func folderDamage(in store: String) throws -> [DamageCase] {
        let names = try FileManager.default.contentsOfDirectory(atPath: store)
        let segments = names.compactMap(StoreFileName.segmentNumber(of:)).sorted()
        let snapshot = names.compactMap(StoreFileName.snapshotNumber(of:)).max() ?? 0
        var cases: [DamageCase] = []
        let after = segments.filter { $0 > snapshot && $0 < (segments.last ?? 0) }
        if let middle = (after.isEmpty ? Array(segments.dropFirst().dropLast()) : after).middle {
            cases.append(.delete(StoreFileName.segment(middle), place: JournalPlace(segment: middle, offset: 0)))
        }
        let header = SegmentHeader(segment: (segments.last ?? 0) + 5).encoded()
        cases.append(.add("journal-7.log", Array("not a segment".utf8), place: nil))
        cases.append(.add(StoreFileName.segment((segments.last ?? 0) + 5), header, place: nil))
        cases.append(.delete("store.json", place: nil))
        return cases
    }
}

extension Array {
    /// The element in the middle, nil when empty.
    var middle: Element? { isEmpty ? nil : self[count / 2] }
}
