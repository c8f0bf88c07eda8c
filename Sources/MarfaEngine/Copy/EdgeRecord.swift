import MarfaRules

/// An edge as `EdgeTable` holds it: its id and ends as a lowercase UUID's 128 bits inline and its canonical times as
/// milliseconds, so a held edge owns no string of its own but its type (inline when short); an id or time in any
/// other form is kept as given in a side object (Decision 0028).
///
/// `edge` gives back the `Edge` it was made from, field for field: only lowercase UUIDs become bits and only
/// canonical times become numbers, and both turn back into the same text.
struct EdgeRecord: Sendable {
    /// The edge's id as UUID bits, or `ItemOrder.lowest` when `odd` holds it as text.
    private let id: ItemOrder
    /// The source's id as UUID bits, or `ItemOrder.lowest` when `odd` holds it as text.
    private let source: ItemOrder
    /// The target's id as UUID bits, or `ItemOrder.lowest` when `odd` holds it as text.
    private let target: ItemOrder
    /// The edge's type.
    let edgeType: String
    /// The edge's properties.
    let properties: JSONObject
    /// The instance's version of the edge.
    let version: Int64
    /// When the edge was created, in milliseconds, unless `odd` holds the times as text.
    private let created: Int64
    /// When the edge last changed, in milliseconds, unless `odd` holds the times as text.
    private let updated: Int64
    /// The ids that are not lowercase UUIDs and the times that are not canonical, as given; nil for most edges.
    private let odd: OddTexts?

    /// The fields of an edge that do not fit the compact form, as given (nil for a field that does).
    final class OddTexts: Sendable {
        let id: String?
        let sourceId: String?
        let targetId: String?
        let times: (created: String, updated: String)?

        init(id: String?, sourceId: String?, targetId: String?, times: (created: String, updated: String)?) {
            self.id = id
            self.sourceId = sourceId
            self.targetId = targetId
            self.times = times
        }
    }

    /// The record of `edge`.
    /// - Complexity: O(1); three ids and two times read once, nothing allocated for canonical ones.
    init(_ edge: Edge) {
        func time(_ text: String) -> Time { CanonicalTime.milliseconds(text).map { ($0, nil) } ?? (nil, text) }
        self.init(
            id: ItemKey(edge.id), source: ItemKey(edge.sourceId), target: ItemKey(edge.targetId),
            edgeType: edge.edgeType, properties: edge.properties, version: edge.version,
            created: time(edge.createdAt), updated: time(edge.updatedAt))
    }

    /// Reads an edge written by `RowCodec.write(_:into:)` straight into its record, as `init(_:)` would make it from
    /// the decoded edge, without building the strings of its UUID ids and canonical times (five of its seven).
    /// - Complexity: O(size of the edge's properties).
    static func read(from reader: inout ByteReader) throws(MarfaError) -> EdgeRecord {
        let id = try reader.readUTF8(key(of:))
        let source = try reader.readUTF8(key(of:))
        let target = try reader.readUTF8(key(of:))
        let edgeType = try reader.readString()
        let properties = try reader.readObject()
        let version = try reader.readSigned()
        let created = try reader.readUTF8(time(of:))
        let updated = try reader.readUTF8(time(of:))
        return EdgeRecord(
            id: id, source: source, target: target, edgeType: edgeType, properties: properties, version: version,
            created: created, updated: updated)
    }

    /// A time as `read(from:)` finds it: milliseconds when canonical, else the text.
    private typealias Time = (milliseconds: Int64?, text: String?)

    /// The key `ItemKey(_:)` makes of the id in the UTF-8 `bytes`.
    private static func key(of bytes: UnsafeBufferPointer<UInt8>) -> ItemKey {
        UUIDBits.parse(bytes).map { .uuid(ItemOrder(high: $0.high, low: $0.low)) }
            ?? .text(UTF8Text.string(bytes))
    }

    /// The time in the UTF-8 `bytes`: its milliseconds when canonical (`CanonicalTime`), else its text.
    private static func time(of bytes: UnsafeBufferPointer<UInt8>) -> Time {
        CanonicalTime.milliseconds(utf8: bytes).map { ($0, nil) } ?? (nil, UTF8Text.string(bytes))
    }

    /// The record of an edge's fields, read (`read(from:)`) or taken from an `Edge` (`init(_:)`): UUID ids and
    /// canonical times held as numbers, any other kept as its text.
    private init(
        id: ItemKey, source: ItemKey, target: ItemKey, edgeType: String, properties: JSONObject, version: Int64,
        created: Time, updated: Time
    ) {
        self.id = id.order ?? .lowest
        self.source = source.order ?? .lowest
        self.target = target.order ?? .lowest
        self.edgeType = edgeType
        self.properties = properties
        self.version = version
        let canonical = created.milliseconds != nil && updated.milliseconds != nil
        self.created = created.milliseconds ?? 0
        self.updated = created.milliseconds == nil ? 0 : updated.milliseconds ?? 0
        if id.order == nil || source.order == nil || target.order == nil || !canonical {
            odd = OddTexts(
                id: id.text, sourceId: source.text, targetId: target.text,
                times: canonical ? nil : (Self.text(of: created), Self.text(of: updated)))
        } else {
            odd = nil
        }
    }

    /// The text of a time `read(from:)` found: as given, or the canonical text of its milliseconds.
    private static func text(of time: Time) -> String {
        time.text ?? CanonicalTime.text(time.milliseconds ?? 0)
    }

    /// The edge this record holds.
    /// - Complexity: O(1); one string per id and time.
    var edge: Edge {
        let createdAt: String
        let updatedAt: String
        if let times = odd?.times {
            (createdAt, updatedAt) = times
        } else {
            createdAt = CanonicalTime.text(created)
            // An equal time shares the creation time's string, as an item's does (Decision 0019).
            updatedAt = updated == created ? createdAt : CanonicalTime.text(updated)
        }
        return Edge(
            id: Self.text(of: idKey), sourceId: sourceId, targetId: targetId, edgeType: edgeType,
            properties: properties, version: version, createdAt: createdAt, updatedAt: updatedAt)
    }

    /// The edge's id as `EdgeTable` keys it: what `ItemKey(edge.id)` gives.
    var idKey: ItemKey { odd?.id.map(ItemKey.text) ?? .uuid(id) }

    /// The source's id as a key: what `ItemKey(edge.sourceId)` gives.
    var sourceKey: ItemKey { odd?.sourceId.map(ItemKey.text) ?? .uuid(source) }

    /// The target's id as a key: what `ItemKey(edge.targetId)` gives.
    var targetKey: ItemKey { odd?.targetId.map(ItemKey.text) ?? .uuid(target) }

    /// The id of the item the edge starts at.
    var sourceId: String { Self.text(of: sourceKey) }

    /// The id of the item the edge points at.
    var targetId: String { Self.text(of: targetKey) }

    /// The id `key` was made from.
    /// - Complexity: O(1); a UUID is written as 36 lowercase hex digits and hyphens (`UUIDBits`).
    static func text(of key: ItemKey) -> String {
        switch key {
        case .text(let id): return id
        case .uuid(let order): return UUIDBits.text(high: order.high, low: order.low)
        }
    }

    /// Appends the bytes `RowCodec.write(_:into:)` writes for this record's edge, without building the strings of
    /// its UUID ids and canonical times: how a snapshot writes the edges it holds (Decision 0069).
    /// - Complexity: O(size of the edge's properties).
    func write(into writer: inout ByteWriter) {
        Self.write(idKey, into: &writer)
        Self.write(sourceKey, into: &writer)
        Self.write(targetKey, into: &writer)
        writer.write(edgeType)
        writer.write(object: properties)
        writer.write(signed: version)
        if let times = odd?.times {
            writer.write(times.created)
            writer.write(times.updated)
        } else {
            CanonicalTime.withText(created) { writer.write(utf8: $0) }
            CanonicalTime.withText(updated) { writer.write(utf8: $0) }
        }
    }

    /// Appends the id `key` was made from as a string, a UUID's text written on the stack.
    private static func write(_ key: ItemKey, into writer: inout ByteWriter) {
        switch key {
        case .text(let id): writer.write(id)
        case .uuid(let order): UUIDBits.withText(high: order.high, low: order.low) { writer.write(utf8: $0) }
        }
    }
}
