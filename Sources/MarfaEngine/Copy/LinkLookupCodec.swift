import MarfaRules

/// The bytes of a note's link lookups in a journal record or snapshot (change tag 24): a count, then each name
/// with its answer as one byte (0 pending, 1 found, 2 missing, 3 ambiguous, 4 refused) and the found id or reason.
enum LinkLookupCodec {
    /// Writes `lookups` at the writer's end.
    static func write(_ lookups: [LinkLookup], into writer: inout ByteWriter) {
        writer.write(varint: UInt64(lookups.count))
        for lookup in lookups {
            writer.write(lookup.name)
            switch lookup.answer {
            case nil: writer.write(0)
            case .found(let id)?: writer.write(1); writer.write(id)
            case .missing?: writer.write(2)
            case .ambiguous?: writer.write(3)
            case .refused(let reason)?: writer.write(4); writer.write(reason)
            }
        }
    }

    /// Reads what `write` wrote; throws `storeCorrupt` for an unknown answer byte or malformed bytes.
    static func read(from reader: inout ByteReader) throws(MarfaError) -> [LinkLookup] {
        let count = try reader.readCount()
        var lookups: [LinkLookup] = []
        for _ in 0..<count {
            let name = try reader.readString()
            let answer: LinkLookup.Answer?
            switch try reader.readByte() {
            case 0: answer = nil
            case 1: answer = .found(id: try reader.readString())
            case 2: answer = .missing
            case 3: answer = .ambiguous
            case 4: answer = .refused(reason: try reader.readString())
            case let other:
                throw MarfaError.storeCorrupt(
                    path: "", offset: Int64(reader.offset), message: "malformed record: link answer \(other)")
            }
            lookups.append(LinkLookup(name: name, answer: answer))
        }
        return lookups
    }
}
