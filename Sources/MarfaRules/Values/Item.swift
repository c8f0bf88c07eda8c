import Foundation

/// One item as the copy holds it: the instance's row, with pending local writes laid over it.
///
/// The stored fields live in one copy-on-write box (`ItemFields`), so copying an item (a read returning it, a list
/// page of fifty) retains one object rather than each of its strings, dictionary and array.
public struct Item: Sendable, Hashable, Codable, Identifiable {
    private var fields: ItemFields

    /// The item's lowercase UUID.
    public var id: String {
        get { fields.id }
        set { unique().id = newValue }
    }
    /// The item's type, such as `core.note`.
    public var type: String {
        get { fields.type }
        set { unique().type = newValue }
    }
    /// The item's properties, keyed by field name.
    public var properties: JSONObject {
        get { fields.properties }
        set { unique().properties = newValue }
        _modify { yield &unique().properties }
    }
    /// Whether the item is active, archived, in the bin or revoked.
    public var state: ItemState {
        get { fields.state }
        set { unique().state = newValue }
    }
    /// The tier the item lives in.
    public var tier: Tier? {
        get { fields.tier }
        set { unique().tier = newValue }
    }
    /// The instance's version of the item's fields; 0 for an own create not yet answered (WC-63).
    public var version: Int64 {
        get { fields.version }
        set { unique().version = newValue }
    }
    /// The version of the type's schema the properties follow.
    public var schemaVersion: Int64 {
        get { fields.schemaVersion }
        set { unique().schemaVersion = newValue }
    }
    /// The writer that created the item.
    public var source: String {
        get { fields.source }
        set { unique().source = newValue }
    }
    /// The item's natural key within its source, if any.
    public var sourceId: String? {
        get { fields.sourceId }
        set { unique().sourceId = newValue }
    }
    /// The item's own time (RFC 3339), its creation time unless set.
    public var occurredAt: String {
        get { fields.occurredAt }
        set { unique().occurredAt = newValue }
    }
    /// When the item was created (RFC 3339, UTC, milliseconds).
    public var createdAt: String {
        get { fields.createdAt }
        set { unique().createdAt = newValue }
    }
    /// When the item last changed (RFC 3339, UTC, milliseconds).
    public var updatedAt: String {
        get { fields.updatedAt }
        set { unique().updatedAt = newValue }
    }
    /// The item's tags, in the order they were added.
    public var tags: [String] {
        get { fields.tags }
        set { unique().tags = newValue }
        _modify { yield &unique().tags }
    }

    /// Makes an item from every stored field.
    public init(
        id: String, type: String, properties: JSONObject = [:], state: ItemState = .active, tier: Tier? = .library,
        version: Int64 = 0, schemaVersion: Int64 = 1, source: String = "device", sourceId: String? = nil,
        occurredAt: String, createdAt: String, updatedAt: String, tags: [String] = []
    ) {
        fields = ItemFields(
            id: id, type: type, properties: properties, state: state, tier: tier, version: version,
            schemaVersion: schemaVersion, source: source, sourceId: sourceId, occurredAt: occurredAt,
            createdAt: createdAt, updatedAt: updatedAt, tags: tags)
    }

    /// An item of fields already in their held form: properties in their list and times parsed, as the binary
    /// decoder reads them (`RowCodec.readItem`), so nothing is built twice.
    init(
        id: String, type: String, propertyList: PropertyList, state: ItemState, tier: Tier?, version: Int64,
        schemaVersion: Int64, source: String, sourceId: String?, times: ItemTimes, tags: [String]
    ) {
        fields = ItemFields(
            id: id, type: type, propertyList: propertyList, state: state, tier: tier, version: version,
            schemaVersion: schemaVersion, source: source, sourceId: sourceId, times: times, tags: tags)
    }

    /// This item, reading its title and body by `hints` (F017).
    func reading(_ hints: CatalogHints) -> Item {
        var item = self
        item.unique().hints = hints
        return item
    }

    /// The catalog whose display hints name the item's title and body fields: the copy's that handed the item out,
    /// where its hints differ from the built-in ones, else the built-in catalog.
    var displayCatalog: CatalogSnapshot { fields.hints?.catalog ?? BuiltInCatalog.snapshot }

    /// The box, copied first when another item shares it.
    private mutating func unique() -> ItemFields {
        if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
        return fields
    }

    enum CodingKeys: String, CodingKey {
        case id, type, properties, state, tier, version, source, tags
        case schemaVersion = "schema_version"
        case sourceId = "source_id"
        case occurredAt = "occurred_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Reads an item as the instance and the device command line write it (snake_case fields).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let createdAt = try container.decode(String.self, forKey: .createdAt)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            type: try container.decode(String.self, forKey: .type),
            properties: try container.decodeIfPresent(JSONObject.self, forKey: .properties) ?? [:],
            state: try container.decodeIfPresent(ItemState.self, forKey: .state) ?? .active,
            tier: try container.decodeIfPresent(Tier.self, forKey: .tier),
            version: try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0,
            schemaVersion: try container.decodeIfPresent(Int64.self, forKey: .schemaVersion) ?? 1,
            source: try container.decodeIfPresent(String.self, forKey: .source) ?? "",
            sourceId: try container.decodeIfPresent(String.self, forKey: .sourceId),
            occurredAt: try container.decodeIfPresent(String.self, forKey: .occurredAt) ?? createdAt,
            createdAt: createdAt,
            updatedAt: try container.decodeIfPresent(String.self, forKey: .updatedAt) ?? createdAt,
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [])
    }

    /// Writes the item's fields in snake_case; an absent tier or source id is left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(properties, forKey: .properties)
        try container.encode(state, forKey: .state)
        try container.encodeIfPresent(tier, forKey: .tier)
        try container.encode(version, forKey: .version)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(source, forKey: .source)
        try container.encodeIfPresent(sourceId, forKey: .sourceId)
        try container.encode(occurredAt, forKey: .occurredAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(tags, forKey: .tags)
    }

    /// Equal when every stored field is equal.
    public static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.fields === rhs.fields || lhs.fields.hasSameFields(as: rhs.fields)
    }

    /// Hashes every stored field.
    public func hash(into hasher: inout Hasher) {
        fields.hash(into: &hasher)
    }

    /// `createdAt`, `updatedAt` and `occurredAt` in milliseconds since 1970, read without formatting them, or nil
    /// when one of them is not in the canonical form (`CanonicalTime`).
    package var timeMilliseconds: (created: Int64, updated: Int64, occurred: Int64)? { fields.times.milliseconds }

    /// The value of the property `name`, or nil: what `properties[name]` answers, without building the dictionary.
    /// - Complexity: O(log n) in the item's properties, nothing allocated.
    package func property(_ name: String) -> JSONValue? { fields.propertyList[name] }

    /// How many properties the item has.
    package var propertyCount: Int { fields.propertyList.members.count }

    /// The property at `rank` in ascending name order.
    func propertyMember(ascending rank: Int) -> PropertyList.Member { fields.propertyList.ascendingMember(rank) }

    /// Calls `body` with each property's name and value, ascending by name, without building the dictionary.
    /// - Complexity: O(n).
    package func forEachProperty(_ body: (String, JSONValue) throws -> Void) rethrows {
        let list = fields.propertyList
        for rank in list.members.indices {
            let member = list.ascendingMember(rank)
            try body(member.key, member.value)
        }
    }

    /// Calls `body` with each property's name and value in the item's order (P-60), without building the object.
    /// - Complexity: O(n).
    package func forEachPropertyInOrder(_ body: (String, JSONValue) throws -> Void) rethrows {
        for member in fields.propertyList.members { try body(member.key, member.value) }
    }

    /// When the item was created, as a `Date`.
    public var createdDate: Date? { Timestamp.date(from: createdAt) }
    /// When the item last changed, as a `Date`.
    public var updatedDate: Date? { Timestamp.date(from: updatedAt) }
    /// The item's own time, as a `Date`.
    public var occurredDate: Date? { Timestamp.date(from: occurredAt) }
    /// When the item went to the bin, or nil when it is not in the bin.
    public var trashedDate: Date? { state == .trashed ? updatedDate : nil }
}

extension Item: CustomReflectable {
    /// The stored fields, as the struct showed them before they moved into a box (test failures and `dump` read it).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "type": type, "properties": properties, "state": state, "tier": tier as Any,
                "version": version, "schemaVersion": schemaVersion, "source": source, "sourceId": sourceId as Any,
                "occurredAt": occurredAt, "createdAt": createdAt, "updatedAt": updatedAt, "tags": tags,
            ], displayStyle: .struct)
    }
}
