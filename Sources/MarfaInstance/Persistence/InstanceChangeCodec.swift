import MarfaRules

/// The binary form of a batch of `InstanceChange`s: one journal record per write, one batch per snapshot.
///
/// A batch is a format byte, a count, then each change as a tag byte and its fields (items and edges through the
/// shared `RowCodec`). Unknown tags and truncation throw `store_corrupt`.
package enum InstanceChangeCodec {
    private static let format: UInt8 = 1

    /// Bytes gathered before a chunk of a streamed batch goes to its sink.
    static let chunkBytes = 1 << 20

    /// Encodes `changes` as one batch.
    package static func encode(_ changes: [InstanceChange]) -> [UInt8] {
        var writer = ByteWriter(capacity: 512)
        write(changes, into: &writer, chunkBytes: .max) { _ in }
        return writer.bytes
    }

    /// Hands the batch of `changes` to `sink` in chunks of about `chunkBytes`: the bytes of `encode(_:)`, for a
    /// snapshot, without the whole batch in memory.
    package static func encode(_ changes: [InstanceChange], into sink: (UnsafeRawBufferPointer) throws -> Void)
        rethrows
    {
        var writer = ByteWriter(capacity: chunkBytes + (64 << 10))
        try write(changes, into: &writer, chunkBytes: chunkBytes, sink: sink)
        if !writer.bytes.isEmpty { try writer.bytes.withUnsafeBytes(sink) }
    }

    /// Writes the batch into `writer`, handing what it holds to `sink` and emptying it each time it passes
    /// `chunkBytes`.
    private static func write(
        _ changes: [InstanceChange], into writer: inout ByteWriter, chunkBytes: Int,
        sink: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        writer.write(format)
        writer.write(varint: UInt64(changes.count))
        for change in changes {
            write(change, into: &writer)
            if writer.bytes.count >= chunkBytes {
                try writer.bytes.withUnsafeBytes(sink)
                writer.removeAll()
            }
        }
    }

    /// Decodes a batch written by `encode(_:)`.
    package static func decode(_ bytes: [UInt8]) throws(MarfaError) -> [InstanceChange] {
        var reader = ByteReader(bytes)
        guard try reader.readByte() == format else { throw corrupt(reader, "unknown batch format") }
        let count = try reader.readCount()
        var changes: [InstanceChange] = []
        changes.reserveCapacity(count)
        for _ in 0..<count { changes.append(try read(from: &reader)) }
        return changes
    }

    private static func write(_ change: InstanceChange, into writer: inout ByteWriter) {
        switch change {
        case .putItem(let stored):
            writer.write(1)
            write(stored, into: &writer)
        case .removeItem(let id):
            writer.write(2)
            writer.write(id)
        case .putEdge(let edge):
            writer.write(3)
            RowCodec.write(edge, into: &writer)
        case .removeEdge(let id):
            writer.write(4)
            writer.write(id)
        case .appendVersion(let version):
            writer.write(5)
            writer.write(version.itemId)
            writer.write(signed: version.version)
            write(version.fields, into: &writer)
        case .removeVersions(let itemId):
            writer.write(6)
            writer.write(itemId)
        case .appendEvent(let event):
            writer.write(7)
            writer.write(signed: event.id)
            writer.write(event.kind.rawValue)
            writer.write(optional: event.itemType)
            writer.write(optional: event.edgeType)
            writer.write(optional: event.sourceType)
            writer.write(event.data)
        case .trimLog(let through):
            writer.write(8)
            writer.write(signed: through)
        case .rollbackLog(let position):
            writer.write(9)
            writer.write(signed: position)
        case .setLogHead(let position):
            writer.write(10)
            writer.write(signed: position)
        case .putIdempotency(let record):
            writer.write(11)
            writer.write(record.key.credential)
            writer.write(record.key.key)
            writer.write(record.fingerprint)
            writer.write(signed: Int64(record.status))
            writer.write(record.body)
            writer.write(optional: record.errorCode)
        case .setInstanceId(let id):
            writer.write(12)
            writer.write(id)
        case .putKey(let key):
            writer.write(13)
            write(key, into: &writer)
        case .putType(let type):
            writer.write(14)
            writer.write(RegisteredTypeJSON.text(of: type))
        }
    }

    private static func read(from reader: inout ByteReader) throws(MarfaError) -> InstanceChange {
        switch try reader.readByte() {
        case 1: return .putItem(try readStoredItem(from: &reader))
        case 2: return .removeItem(id: try reader.readString())
        case 3: return .putEdge(try RowCodec.readEdge(from: &reader))
        case 4: return .removeEdge(id: try reader.readString())
        case 5:
            let itemId = try reader.readString()
            let version = try reader.readSigned()
            return .appendVersion(ItemVersion(itemId: itemId, version: version, fields: try readFields(from: &reader)))
        case 6: return .removeVersions(itemId: try reader.readString())
        case 7:
            let id = try reader.readSigned()
            guard let kind = EventKind(rawValue: try reader.readString()) else {
                throw corrupt(reader, "unknown event kind")
            }
            return .appendEvent(
                LogEvent(
                    id: id, kind: kind, itemType: try reader.readOptionalString(),
                    edgeType: try reader.readOptionalString(), sourceType: try reader.readOptionalString(),
                    data: try reader.readString()))
        case 8: return .trimLog(through: try reader.readSigned())
        case 9: return .rollbackLog(to: try reader.readSigned())
        case 10: return .setLogHead(try reader.readSigned())
        case 11:
            let key = IdempotencyRecord.Key(credential: try reader.readString(), key: try reader.readString())
            return .putIdempotency(
                IdempotencyRecord(
                    key: key, fingerprint: try reader.readString(), status: Int(try reader.readSigned()),
                    body: try reader.readString(), errorCode: try reader.readOptionalString()))
        case 12: return .setInstanceId(try reader.readString())
        case 13: return .putKey(try readKey(from: &reader))
        case 14:
            guard let type = RegisteredTypeJSON.type(from: try reader.readString()) else {
                throw corrupt(reader, "a registered type that is not a type record")
            }
            return .putType(type)
        default: throw corrupt(reader, "unknown change tag")
        }
    }

    private static func write(_ stored: StoredItem, into writer: inout ByteWriter) {
        RowCodec.write(stored.item, into: &writer)
        write(optionalJSON: stored.captureLatitude, into: &writer)
        write(optionalJSON: stored.captureLongitude, into: &writer)
        switch stored.cascade {
        case nil:
            writer.write(0)
        case .root(let took)?:
            writer.write(1)
            writer.write(strings: took)
        case .member(let root, let priorState)?:
            writer.write(2)
            writer.write(root)
            writer.write(priorState.rawValue)
        }
        writer.write(varint: UInt64(stored.extensions.count))
        for namespace in stored.extensions.keys.sorted() {
            writer.write(namespace)
            writer.write(object: stored.extensions[namespace] ?? [:])
        }
    }

    private static func readStoredItem(from reader: inout ByteReader) throws(MarfaError) -> StoredItem {
        let item = try RowCodec.readItem(from: &reader)
        let latitude = try readOptionalJSON(from: &reader)
        let longitude = try readOptionalJSON(from: &reader)
        let cascade: CascadeMark?
        switch try reader.readByte() {
        case 0: cascade = nil
        case 1: cascade = .root(took: try reader.readStrings())
        case 2:
            let root = try reader.readString()
            guard let prior = ItemState(rawValue: try reader.readString()) else {
                throw corrupt(reader, "unknown item state")
            }
            cascade = .member(root: root, priorState: prior)
        default: throw corrupt(reader, "unknown cascade mark")
        }
        let count = try reader.readCount()
        var extensions: [String: JSONObject] = [:]
        for _ in 0..<count {
            let namespace = try reader.readString()
            extensions[namespace] = try reader.readObject()
        }
        return StoredItem(
            item: item, captureLatitude: latitude, captureLongitude: longitude, cascade: cascade,
            extensions: extensions)
    }

    private static func write(_ fields: VersionedFields, into writer: inout ByteWriter) {
        writer.write(fields.type)
        writer.write(object: fields.properties)
        writer.write(optional: fields.tier?.rawValue)
        writer.write(fields.occurredAt)
        writer.write(optional: fields.sourceId)
    }

    private static func readFields(from reader: inout ByteReader) throws(MarfaError) -> VersionedFields {
        VersionedFields(
            type: try reader.readString(), properties: try reader.readObject(),
            tier: try reader.readOptionalString().flatMap(Tier.init(rawValue:)), occurredAt: try reader.readString(),
            sourceId: try reader.readOptionalString())
    }

    private static func write(_ key: AccessKey, into writer: inout ByteWriter) {
        writer.write(key.id)
        writer.write(key.secret)
        writer.write(key.name)
        writer.write(key.source)
        writer.write(optional: key.defaultTier?.rawValue)
        for map in [key.types, key.edgeTypes, key.extensions] {
            writer.write(object: JSONObject(sorting: map.patterns.mapValues { .string($0.rawValue) }))
        }
        writer.write(strings: key.permissions.sorted())
        writer.write(key.isOperator ? 1 : 0)
        writer.write(key.createdAt)
    }

    private static func readKey(from reader: inout ByteReader) throws(MarfaError) -> AccessKey {
        let id = try reader.readString()
        let secret = try reader.readString()
        let name = try reader.readString()
        let source = try reader.readString()
        let tier = try reader.readOptionalString().flatMap(Tier.init(rawValue:))
        var maps: [GrantMap] = []
        for _ in 0..<3 {
            let levels = try reader.readObject().compactMap { member in
                member.value.string.flatMap(GrantLevel.init).map { (member.key, $0) }
            }
            maps.append(GrantMap(Dictionary(uniqueKeysWithValues: levels)))
        }
        return AccessKey(
            id: id, secret: secret, name: name, source: source, defaultTier: tier, types: maps[0], edgeTypes: maps[1],
            extensions: maps[2], permissions: Set(try reader.readStrings()), isOperator: try reader.readByte() == 1,
            createdAt: try reader.readString())
    }

    private static func write(optionalJSON value: JSONValue?, into writer: inout ByteWriter) {
        guard let value else { return writer.write(0) }
        writer.write(1)
        writer.write(json: value)
    }

    private static func readOptionalJSON(from reader: inout ByteReader) throws(MarfaError) -> JSONValue? {
        // Spelled out: `cond ? nil : json` would read `nil` as JSON null, which is nil-literal expressible.
        guard try reader.readByte() != 0 else { return nil }
        return try reader.readJSON()
    }

    private static func corrupt(_ reader: ByteReader, _ what: String) -> MarfaError {
        .storeCorrupt(path: "", offset: Int64(reader.offset), message: "malformed instance record: \(what)")
    }
}
