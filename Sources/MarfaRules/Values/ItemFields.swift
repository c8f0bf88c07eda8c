/// The stored fields of an `Item`, boxed so that copying an item retains one object.
///
/// Mutable only through `Item`, which copies the box first unless it holds the only reference; a box shared
/// between items (or threads) is therefore never written, which is what makes it `Sendable`.
final class ItemFields: @unchecked Sendable {
    // The fields `Item` documents. A class lays its fields out in this order, so the ones every read touches (the
    // state a get checks, the version, the id a list page reads) come first, beside the reference count a copy of
    // the item writes: they usually share its cache line.
    var state: ItemState
    var tier: Tier?
    var version: Int64
    var id: String
    var type: String
    /// The properties in their order in one array (`PropertyList`).
    var propertyList: PropertyList
    var schemaVersion: Int64
    var source: String
    var sourceId: String?
    /// `occurredAt`, `createdAt` and `updatedAt`, as milliseconds when canonical (Decision 0023).
    var times: ItemTimes
    var tags: [String]
    /// The catalog `Item.title` and `body` read their hints from when not the built-in one (F017); not a field of the
    /// row, so equality and hashing leave it out.
    var hints: CatalogHints?

    var properties: JSONObject {
        get { propertyList.object }
        set { propertyList = PropertyList(newValue) }
    }

    var occurredAt: String {
        get { times.occurredAt }
        set { times.occurredAt = newValue }
    }
    var createdAt: String {
        get { times.createdAt }
        set { times.createdAt = newValue }
    }
    var updatedAt: String {
        get { times.updatedAt }
        set { times.updatedAt = newValue }
    }

    convenience init(
        id: String, type: String, properties: JSONObject, state: ItemState, tier: Tier?, version: Int64,
        schemaVersion: Int64, source: String, sourceId: String?, occurredAt: String, createdAt: String,
        updatedAt: String, tags: [String]
    ) {
        self.init(
            id: id, type: type, propertyList: PropertyList(properties), state: state, tier: tier, version: version,
            schemaVersion: schemaVersion, source: source, sourceId: sourceId,
            times: ItemTimes(createdAt: createdAt, updatedAt: updatedAt, occurredAt: occurredAt), tags: tags)
    }

    /// A box of fields already in their held form, as the binary decoder builds them (`RowCodec.readItem`).
    init(
        id: String, type: String, propertyList: PropertyList, state: ItemState, tier: Tier?, version: Int64,
        schemaVersion: Int64, source: String, sourceId: String?, times: ItemTimes, tags: [String]
    ) {
        self.id = id
        self.type = type
        self.propertyList = propertyList
        self.state = state
        self.tier = tier
        self.version = version
        self.schemaVersion = schemaVersion
        self.source = source
        self.sourceId = sourceId
        self.times = times
        self.tags = tags
    }

    /// A box holding `times` as they are, not read back from text.
    private init(copying other: ItemFields) {
        id = other.id
        type = other.type
        propertyList = other.propertyList
        state = other.state
        tier = other.tier
        version = other.version
        schemaVersion = other.schemaVersion
        source = other.source
        sourceId = other.sourceId
        times = other.times
        tags = other.tags
        hints = other.hints
    }

    /// A new box holding the same fields.
    func copy() -> ItemFields { ItemFields(copying: self) }

    /// Whether `other` holds equal fields.
    func hasSameFields(as other: ItemFields) -> Bool {
        id == other.id && version == other.version && type == other.type && state == other.state
            && tier == other.tier && schemaVersion == other.schemaVersion && source == other.source
            && sourceId == other.sourceId && times == other.times && tags == other.tags
            && propertyList == other.propertyList
    }

    /// Hashes every field, in declaration order.
    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
        hasher.combine(propertyList)
        hasher.combine(state)
        hasher.combine(tier)
        hasher.combine(version)
        hasher.combine(schemaVersion)
        hasher.combine(source)
        hasher.combine(sourceId)
        hasher.combine(times)
        hasher.combine(tags)
    }
}
