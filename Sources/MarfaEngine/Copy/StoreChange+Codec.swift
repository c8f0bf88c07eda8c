import Foundation
import MarfaRules

extension StoreChange {
    /// Encodes a batch of changes as one journal record payload.
    package static func encode(_ changes: [StoreChange]) -> [UInt8] {
        var writer = ByteWriter(capacity: min(estimatedBytes(changes), 64 << 20))
        writer.write(varint: UInt64(changes.count))
        for change in changes { change.write(into: &writer) }
        return writer.bytes
    }

    /// Decodes a journal record payload written by `encode(_:)`.
    package static func decode(_ bytes: [UInt8]) throws(MarfaError) -> [StoreChange] {
        var changes: [StoreChange] = []
        try decode(bytes, inBatchesOf: Int.max) { changes = $0 }
        return changes
    }

    /// Decodes a payload written by `encode(_:)`, handing the changes to `body` in order, `size` at a time, so a
    /// snapshot can be applied while the rest is still being decoded.
    ///
    /// Throws `storeCorrupt` for malformed bytes, after handing over the batches decoded before them.
    package static func decode(
        _ bytes: [UInt8], inBatchesOf size: Int, _ body: ([StoreChange]) -> Void
    ) throws(MarfaError) {
        var reader = ByteReader(bytes)
        var remaining = try reader.readCount()
        while remaining > 0 {
            let take = min(remaining, size)
            var changes: [StoreChange] = []
            changes.reserveCapacity(take)
            for _ in 0..<take { changes.append(try read(from: &reader)) }
            remaining -= take
            body(changes)
        }
        guard reader.isAtEnd else {
            throw MarfaError.storeCorrupt(path: "", offset: Int64(reader.offset), message: "bytes after the last change")
        }
    }

    /// About how many bytes `encode(changes)` writes: what its buffer reserves up front.
    static func estimatedBytes(_ changes: [StoreChange]) -> Int {
        changes.reduce(8) { $0 + $1.expectedBytes }
    }

    /// Bytes to reserve for this change's encoding, so a one-item record (about 2.4 KB for a benchmark item)
    /// is written without the buffer doubling its way up from 128 B; a batch reserves at most 64 MiB up front.
    private var expectedBytes: Int {
        switch self {
        case .putItem, .setCatalog: 4096
        case .putEdge, .putQueuedWrite, .putExtension: 512
        default: 64
        }
    }

    /// Appends this change's encoding (tag byte, then fields) to `writer`.
    func write(into writer: inout ByteWriter) {
        switch self {
        case .putItem(let item): writer.write(1); RowCodec.write(item, into: &writer)
        case .removeItem(let id): writer.write(2); writer.write(id)
        case .putEdge(let edge): writer.write(Self.putEdgeTag); RowCodec.write(edge, into: &writer)
        case .removeEdge(let id): writer.write(4); writer.write(id)
        case .putExtension(let itemId, let namespace, let body):
            writer.write(5); writer.write(itemId); writer.write(namespace); writer.write(object: body)
        case .removeExtension(let itemId, let namespace):
            writer.write(6); writer.write(itemId); writer.write(namespace)
        case .putQueuedWrite(let write):
            writer.write(write.read == nil ? Self.putQueuedWriteTag : Self.putReadQueuedWriteTag)
            RowCodec.write(write, into: &writer)
            if let read = write.read { writer.write(object: read) }
        case .removeQueuedWrite(let id): writer.write(8); writer.write(id)
        case .clearRows: writer.write(9)
        case .setSlice(let slice):
            writer.write(10)
            writer.write(slice == nil ? 0 : 1)
            if let slice {
                writer.write(strings: slice.types)
                writer.write(slice.tier.rawValue)
                writer.write(strings: slice.edgeTypes)
            }
        case .setCursor(let cursor): writer.write(11); writer.write(optional: cursor)
        case .setHydration(let hydration): writer.write(12); writer.write(hydration.rawValue)
        case .setPins(let pins): writer.write(13); writer.write(strings: pins)
        case .setInstanceId(let id): writer.write(14); writer.write(optional: id)
        case .setCommitCount(let count): writer.write(16); writer.write(varint: count)
        case .setOwedReadBacks(let ids): writer.write(18); writer.write(strings: ids)
        case .setOwedEdgeReadBacks(let ids): writer.write(19); writer.write(strings: ids)
        case .addPin(let id): writer.write(20); writer.write(id)
        case .removePin(let id): writer.write(21); writer.write(id)
        case .owe(let owed): writer.write(22); Self.write(owed, into: &writer)
        case .settleOwed(let owed): writer.write(23); Self.write(owed, into: &writer)
        case .setLinkLookups(let itemId, let lookups):
            writer.write(Self.setLinkLookupsTag)
            writer.write(itemId)
            LinkLookupCodec.write(lookups, into: &writer)
        case .setLastSynced(let time): writer.write(Self.setLastSyncedTag); writer.write(time)
        case .setDeclaredTypes(let types): writer.write(Self.setDeclaredTypesTag); writer.write(strings: types)
        case .setExpiry(let reason): writer.write(Self.setExpiryTag); writer.write(optional: reason)
        case .setCatalog(let catalog):
            writer.write(15)
            writer.write(String(decoding: (try? JSONEncoder().encode(catalog)) ?? Data("{}".utf8), as: UTF8.self))
        }
    }

    /// The byte a `putQueuedWrite` change starts with: 17 since queue rows carry `sentAt` (Decision 0072); rows
    /// under 7, written before, are read without it.
    static let putQueuedWriteTag: UInt8 = 17
    /// The byte a `putQueuedWrite` change starts with when the write keeps what its edit read (`QueuedWrite.read`,
    /// Decision 0101): the tag-17 row followed by that object. Rows without it keep tag 17.
    static let putReadQueuedWriteTag: UInt8 = 29
    /// The byte a `setLinkLookups` change starts with (store format 3, Decision 0091).
    static let setLinkLookupsTag: UInt8 = 24
    /// The byte a `setLastSynced` change starts with (store format 3, Decision 0092).
    static let setLastSyncedTag: UInt8 = 25
    /// The byte a `setDeclaredTypes` change starts with (store format 3).
    static let setDeclaredTypesTag: UInt8 = 26
    /// The byte a `setExpiry` change starts with (store format 3, Decision 0109).
    static let setExpiryTag: UInt8 = 36
    /// The byte a `putEdge` change starts with.
    static let putEdgeTag: UInt8 = 3
    /// The byte a `putItem` change starts with.
    static let putItemTag: UInt8 = 1

    /// Reads one change written by `write(into:)` at the reader's offset; throws `storeCorrupt` for malformed bytes.
    static func read(from reader: inout ByteReader) throws(MarfaError) -> StoreChange {
        let tag = try reader.readByte()
        switch tag {
        case Self.putItemTag: return .putItem(try RowCodec.readItem(from: &reader))
        case 2: return .removeItem(id: try reader.readString())
        case Self.putEdgeTag: return .putEdge(try RowCodec.readEdge(from: &reader))
        case 4: return .removeEdge(id: try reader.readString())
        case 5:
            return .putExtension(
                itemId: try reader.readString(), namespace: try reader.readString(), body: try reader.readObject())
        case 6: return .removeExtension(itemId: try reader.readString(), namespace: try reader.readString())
        case 7: return .putQueuedWrite(try RowCodec.readQueuedWrite(from: &reader, withSentAt: false))
        case Self.putQueuedWriteTag: return .putQueuedWrite(try RowCodec.readQueuedWrite(from: &reader))
        case Self.putReadQueuedWriteTag:
            var write = try RowCodec.readQueuedWrite(from: &reader)
            write.read = try reader.readObject()
            return .putQueuedWrite(write)
        case 8: return .removeQueuedWrite(id: try reader.readString())
        case 9: return .clearRows
        case 10:
            guard try reader.readByte() != 0 else { return .setSlice(nil) }
            let types = try reader.readStrings()
            guard let tier = SliceTier(rawValue: try reader.readString()) else { throw corrupt(reader, "slice tier") }
            return .setSlice(Slice(types: types, tier: tier, edgeTypes: try reader.readStrings()))
        case 11: return .setCursor(try reader.readOptionalString())
        case 12:
            guard let hydration = Hydration(rawValue: try reader.readString()) else {
                throw corrupt(reader, "hydration state")
            }
            return .setHydration(hydration)
        case 13: return .setPins(try reader.readStrings())
        case 14: return .setInstanceId(try reader.readOptionalString())
        case 16: return .setCommitCount(try reader.readVarint())
        case 18: return .setOwedReadBacks(try reader.readStrings())
        case 19: return .setOwedEdgeReadBacks(try reader.readStrings())
        case 20: return .addPin(try reader.readString())
        case 21: return .removePin(try reader.readString())
        case 22: return .owe(try readOwedRead(from: &reader))
        case 23: return .settleOwed(try readOwedRead(from: &reader))
        case Self.setLinkLookupsTag:
            return .setLinkLookups(itemId: try reader.readString(), lookups: try LinkLookupCodec.read(from: &reader))
        case Self.setLastSyncedTag: return .setLastSynced(try reader.readString())
        case Self.setDeclaredTypesTag: return .setDeclaredTypes(try reader.readStrings())
        case Self.setExpiryTag: return .setExpiry(try reader.readOptionalString())
        case 15:
            let text = try reader.readString()
            guard let catalog = try? JSONDecoder().decode(CatalogSnapshot.self, from: Data(text.utf8)) else {
                throw corrupt(reader, "unreadable catalog")
            }
            return .setCatalog(catalog)
        default: throw corrupt(reader, "unknown change tag \(tag)")
        }
    }

    /// Moves the reader past one change of any kind, checking its structure (items and edges without building
    /// them), and answers its tag: how open cuts a snapshot payload into pieces at changes' ends (Decision 0052).
    static func skip(from reader: inout ByteReader) throws(MarfaError) -> UInt8 {
        var probe = reader
        let tag = try probe.readByte()
        switch tag {
        case putItemTag: try RowCodec.skipItem(from: &probe)
        case putEdgeTag: try RowCodec.skipEdge(from: &probe)
        default:
            probe = reader
            _ = try read(from: &probe)
        }
        reader = probe
        return tag
    }

    /// Writes an owed read: a byte naming item (0) or edge (1), then the id. Deltas since issue 27; stores written
    /// before hold the whole lists (tags 13, 18, 19), which are still read.
    private static func write(_ owed: OwedRead, into writer: inout ByteWriter) {
        switch owed {
        case .item(let id): writer.write(0); writer.write(id)
        case .edge(let id): writer.write(1); writer.write(id)
        }
    }

    private static func readOwedRead(from reader: inout ByteReader) throws(MarfaError) -> OwedRead {
        switch try reader.readByte() {
        case 0: return .item(try reader.readString())
        case 1: return .edge(try reader.readString())
        default: throw corrupt(reader, "owed read kind")
        }
    }

    private static func corrupt(_ reader: ByteReader, _ what: String) -> MarfaError {
        .storeCorrupt(path: "", offset: Int64(reader.offset), message: "malformed record: \(what)")
    }
}
