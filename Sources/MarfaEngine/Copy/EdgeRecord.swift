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
        let id = ItemOrder(id: edge.id)
        let source = ItemOrder(id: edge.sourceId)
        let target = ItemOrder(id: edge.targetId)
        let created = CanonicalTime.milliseconds(edge.createdAt)
        let updated = created == nil ? nil : CanonicalTime.milliseconds(edge.updatedAt)
        self.id = id ?? .lowest
        self.source = source ?? .lowest
        self.target = target ?? .lowest
        edgeType = edge.edgeType
        properties = edge.properties
        version = edge.version
        self.created = created ?? 0
        self.updated = updated ?? 0
        if id == nil || source == nil || target == nil || updated == nil {
            odd = OddTexts(
                id: id == nil ? edge.id : nil, sourceId: source == nil ? edge.sourceId : nil,
                targetId: target == nil ? edge.targetId : nil,
                times: updated == nil ? (edge.createdAt, edge.updatedAt) : nil)
        } else {
            odd = nil
        }
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
    /// - Complexity: O(1); a UUID is written as 36 lowercase hex digits and hyphens.
    static func text(of key: ItemKey) -> String {
        switch key {
        case .text(let id): return id
        case .uuid(let order):
            return String(unsafeUninitializedCapacity: 36) { buffer in
                var digit = 0
                for index in 0..<36 {
                    if index == 8 || index == 13 || index == 18 || index == 23 {
                        buffer[index] = UInt8(ascii: "-")
                        continue
                    }
                    let word = digit < 16 ? order.high : order.low
                    let nibble = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (digit % 16))) & 0xF
                    buffer[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
                    digit += 1
                }
                return 36
            }
        }
    }
}
