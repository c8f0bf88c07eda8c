import Foundation

/// The binary form of items, edges and queued writes inside journal records and snapshots.
package enum RowCodec {
    /// Writes every stored field of an item.
    package static func write(_ item: Item, into writer: inout ByteWriter) {
        writer.write(item.id)
        writer.write(item.type)
        // The members as `write(object:)` writes them (count, then in their order), straight from the item's list
        // rather than through an object built for it.
        writer.write(varint: UInt64(item.propertyCount))
        item.forEachPropertyInOrder { name, value in
            writer.write(name)
            writer.write(json: value)
        }
        writer.write(UInt8(itemStates.firstIndex(of: item.state) ?? 0))
        writer.write(item.tier.map { UInt8(tiers.firstIndex(of: $0) ?? 0) + 1 } ?? 0)
        writer.write(signed: item.version)
        writer.write(signed: item.schemaVersion)
        writer.write(item.source)
        writer.write(optional: item.sourceId)
        if let times = item.timeMilliseconds {
            // Canonical times go from their milliseconds to the bytes without a string each.
            CanonicalTime.withText(times.occurred) { writer.write(utf8: $0) }
            CanonicalTime.withText(times.created) { writer.write(utf8: $0) }
            CanonicalTime.withText(times.updated) { writer.write(utf8: $0) }
        } else {
            writer.write(item.occurredAt)
            writer.write(item.createdAt)
            writer.write(item.updatedAt)
        }
        writer.write(strings: item.tags)
    }

    /// Reads an item written by `write(_:into:)`, straight into the form an item holds: the properties into their
    /// list in the order written and canonical times into milliseconds, without an object or a string for either.
    package static func readItem(from reader: inout ByteReader) throws(MarfaError) -> Item {
        let id = try reader.readString()
        let type = try reader.readString()
        let properties = try readProperties(from: &reader)
        let state = try element(of: itemStates, at: reader.readByte(), offset: reader.offset - 1)
        let tierByte = try reader.readByte()
        let tier = tierByte == 0 ? nil : try element(of: tiers, at: tierByte - 1, offset: reader.offset - 1)
        let version = try reader.readSigned()
        let schemaVersion = try reader.readSigned()
        let source = try reader.readString()
        let sourceId = try reader.readOptionalString()
        let times = try readTimes(from: &reader)
        return Item(
            id: id, type: type, propertyList: properties, state: state, tier: tier, version: version,
            schemaVersion: schemaVersion, source: source, sourceId: sourceId, times: times,
            tags: try reader.readStrings())
    }

    /// Reads an object written by `write(object:)` as a property list, in the order read (Decision 0113): as it is
    /// when its names are strictly ascending (as every store before that decision wrote them), else as `readObject`
    /// would read it (a repeated name keeps its first place and its last value).
    private static func readProperties(from reader: inout ByteReader) throws(MarfaError) -> PropertyList {
        let count = try reader.readCount()
        var members = ContiguousArray<PropertyList.Member>()
        members.reserveCapacity(count)
        var ascending = true
        for _ in 0..<count {
            let key = try reader.readString()
            if let last = members.last, !(last.key < key) { ascending = false }
            members.append(PropertyList.Member(key: key, value: try reader.readJSON()))
        }
        guard !ascending else { return PropertyList(ascending: members) }
        var object = JSONObject(minimumCapacity: count)
        for member in members { object[member.key] = member.value }
        return PropertyList(object)
    }

    /// Reads the occurred, created and updated times: as milliseconds, parsed from the bytes, when all three are
    /// canonical (`CanonicalTime`), else as their texts.
    private static func readTimes(from reader: inout ByteReader) throws(MarfaError) -> ItemTimes {
        let start = reader
        if let occurred = try reader.readUTF8(CanonicalTime.milliseconds(utf8:)),
            let created = try reader.readUTF8(CanonicalTime.milliseconds(utf8:)),
            let updated = try reader.readUTF8(CanonicalTime.milliseconds(utf8:))
        {
            return ItemTimes(created: created, updated: updated, occurred: occurred)
        }
        reader = start
        let occurred = try reader.readString()
        let created = try reader.readString()
        return ItemTimes(createdAt: created, updatedAt: try reader.readString(), occurredAt: occurred)
    }

    /// Moves past an item written by `write(_:into:)`, checking its lengths as `readItem` does (not its state and
    /// tier bytes, which whoever decodes the item checks), without building it.
    package static func skipItem(from reader: inout ByteReader) throws(MarfaError) {
        for _ in 0..<2 { try reader.skipString() }
        try reader.skipObject()
        _ = try reader.readByte()
        _ = try reader.readByte()
        _ = try reader.readSigned()
        _ = try reader.readSigned()
        try reader.skipString()
        if try reader.readByte() != 0 { try reader.skipString() }
        for _ in 0..<3 { try reader.skipString() }
        for _ in 0..<(try reader.readCount()) { try reader.skipString() }
    }

    /// Writes every stored field of an edge.
    package static func write(_ edge: Edge, into writer: inout ByteWriter) {
        writer.write(edge.id)
        writer.write(edge.sourceId)
        writer.write(edge.targetId)
        writer.write(edge.edgeType)
        writer.write(object: edge.properties)
        writer.write(signed: edge.version)
        writer.write(edge.createdAt)
        writer.write(edge.updatedAt)
    }

    /// Reads an edge written by `write(_:into:)`.
    package static func readEdge(from reader: inout ByteReader) throws(MarfaError) -> Edge {
        Edge(
            id: try reader.readString(), sourceId: try reader.readString(), targetId: try reader.readString(),
            edgeType: try reader.readString(), properties: try reader.readObject(), version: try reader.readSigned(),
            createdAt: try reader.readString(), updatedAt: try reader.readString())
    }

    /// Moves past an edge written by `write(_:into:)`, checking its structure as `readEdge` does, without building
    /// it: how a snapshot's restore finds the end of the edges another thread decodes.
    package static func skipEdge(from reader: inout ByteReader) throws(MarfaError) {
        for _ in 0..<4 { try reader.skipString() }
        try reader.skipObject()
        _ = try reader.readSigned()
        for _ in 0..<2 { try reader.skipString() }
    }

    /// Writes every field of a queued write; the verdict goes as JSON, since it is rare and rich.
    package static func write(_ write: QueuedWrite, into writer: inout ByteWriter) {
        writer.write(write.id)
        writer.write(write.kind.rawValue)
        writer.write(optional: write.itemId)
        writer.write(optional: write.targetId)
        writer.write(optional: write.edgeId)
        writer.write(optional: write.namespace)
        writer.write(optional: write.tag)
        writer.write(optional: write.blob)
        writer.write(optionalSigned: write.baseVersion)
        writer.write(write.idempotencyKey)
        writer.write(strings: write.dependsOn)
        writer.write(optional: write.follows)
        writer.write(optional: write.verdict.flatMap(VerdictText.encode))
        writer.write(object: write.body)
        writer.write(optional: write.answer)
        writer.write(signed: write.refusals)
        writer.write(write.queuedAt)
        writer.write(optional: write.answeredAt)
        writer.write(optional: write.sentAt)
    }

    /// Reads a queued write written by `write(_:into:)`; `withSentAt` is false for a row written before the field
    /// existed (its write was never marked sent).
    package static func readQueuedWrite(
        from reader: inout ByteReader, withSentAt: Bool = true
    ) throws(MarfaError) -> QueuedWrite {
        let id = try reader.readString()
        let kindText = try reader.readString()
        guard let kind = WriteKind(rawValue: kindText) else {
            throw MarfaError.storeCorrupt(path: "", offset: Int64(reader.offset), message: "unknown write kind")
        }
        let itemId = try reader.readOptionalString()
        let targetId = try reader.readOptionalString()
        let edgeId = try reader.readOptionalString()
        let namespace = try reader.readOptionalString()
        let tag = try reader.readOptionalString()
        let blob = try reader.readOptionalString()
        let baseVersion = try reader.readOptionalSigned()
        let key = try reader.readString()
        let dependsOn = try reader.readStrings()
        let follows = try reader.readOptionalString()
        let verdict = try reader.readOptionalString().flatMap(VerdictText.decode)
        var write = QueuedWrite(
            id: id, kind: kind, itemId: itemId, targetId: targetId, edgeId: edgeId, namespace: namespace, tag: tag,
            blob: blob, baseVersion: baseVersion, idempotencyKey: key, dependsOn: dependsOn, follows: follows,
            verdict: verdict, body: try reader.readObject(), answer: try reader.readOptionalString(),
            refusals: try reader.readSigned(), queuedAt: try reader.readString(),
            answeredAt: try reader.readOptionalString())
        if withSentAt { write.sentAt = try reader.readOptionalString() }
        return write
    }

    /// The states and tiers by the byte that encodes them, built once rather than per item read or written.
    private static let itemStates = ItemState.allCases
    private static let tiers = Tier.allCases

    private static func element<T>(of cases: [T], at index: UInt8, offset: Int) throws(MarfaError) -> T {
        guard Int(index) < cases.count else {
            throw MarfaError.storeCorrupt(path: "", offset: Int64(offset), message: "value \(index) out of range")
        }
        return cases[Int(index)]
    }
}

/// Verdicts as JSON text inside the binary queue row.
private enum VerdictText {
    static func encode(_ verdict: Verdict) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(verdict)).map { String(decoding: $0, as: UTF8.self) }
    }

    static func decode(_ text: String) -> Verdict? {
        try? JSONDecoder().decode(Verdict.self, from: Data(text.utf8))
    }
}
