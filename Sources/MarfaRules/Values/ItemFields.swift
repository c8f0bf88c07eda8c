/// The stored fields of an `Item`, boxed so that copying an item retains one object.
///
/// Mutable only through `Item`, which copies the box first unless it holds the only reference; a box shared
/// between items (or threads) is therefore never written, which is what makes it `Sendable`.
final class ItemFields: @unchecked Sendable {
    // The fields `Item` documents, in its order.
    var id: String
    var type: String
    var properties: JSONObject
    var state: ItemState
    var tier: Tier?
    var version: Int64
    var schemaVersion: Int64
    var source: String
    var sourceId: String?
    var occurredAt: String
    var createdAt: String
    var updatedAt: String
    var tags: [String]

    init(
        id: String, type: String, properties: JSONObject, state: ItemState, tier: Tier?, version: Int64,
        schemaVersion: Int64, source: String, sourceId: String?, occurredAt: String, createdAt: String,
        updatedAt: String, tags: [String]
    ) {
        self.id = id
        self.type = type
        self.properties = properties
        self.state = state
        self.tier = tier
        self.version = version
        self.schemaVersion = schemaVersion
        self.source = source
        self.sourceId = sourceId
        // An equal time shares the creation time's string: an item never edited, or whose own time is its
        // creation, then holds one heap copy of it instead of two or three.
        self.occurredAt = occurredAt == createdAt ? createdAt : occurredAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt == createdAt ? createdAt : updatedAt
        self.tags = tags
    }

    /// A new box holding the same fields.
    func copy() -> ItemFields {
        ItemFields(
            id: id, type: type, properties: properties, state: state, tier: tier, version: version,
            schemaVersion: schemaVersion, source: source, sourceId: sourceId, occurredAt: occurredAt,
            createdAt: createdAt, updatedAt: updatedAt, tags: tags)
    }

    /// Whether `other` holds equal fields.
    func hasSameFields(as other: ItemFields) -> Bool {
        id == other.id && version == other.version && type == other.type && state == other.state
            && tier == other.tier && schemaVersion == other.schemaVersion && source == other.source
            && sourceId == other.sourceId && occurredAt == other.occurredAt && createdAt == other.createdAt
            && updatedAt == other.updatedAt && tags == other.tags && properties == other.properties
    }

    /// Hashes every field, in declaration order.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
        hasher.combine(properties)
        hasher.combine(state)
        hasher.combine(tier)
        hasher.combine(version)
        hasher.combine(schemaVersion)
        hasher.combine(source)
        hasher.combine(sourceId)
        hasher.combine(occurredAt)
        hasher.combine(createdAt)
        hasher.combine(updatedAt)
        hasher.combine(tags)
    }
}
