import Foundation

/// One item as the copy holds it: the instance's row, with pending local writes laid over it.
public struct Item: Sendable, Hashable, Codable, Identifiable {
    /// The item's lowercase UUID.
    public var id: String
    /// The item's type, such as `core.note`.
    public var type: String
    /// The item's properties, keyed by field name.
    public var properties: JSONObject
    /// Whether the item is active, archived, in the bin or revoked.
    public var state: ItemState
    /// The tier the item lives in.
    public var tier: Tier?
    /// The instance's version of the item's fields; 0 for an own create not yet answered (WC-63).
    public var version: Int64
    /// The version of the type's schema the properties follow.
    public var schemaVersion: Int64
    /// The writer that created the item.
    public var source: String
    /// The item's natural key within its source, if any.
    public var sourceId: String?
    /// The item's own time (RFC 3339), its creation time unless set.
    public var occurredAt: String
    /// When the item was created (RFC 3339, UTC, milliseconds).
    public var createdAt: String
    /// When the item last changed (RFC 3339, UTC, milliseconds).
    public var updatedAt: String
    /// The item's tags, in the order they were added.
    public var tags: [String]

    /// Makes an item from every stored field.
    public init(
        id: String, type: String, properties: JSONObject = [:], state: ItemState = .active, tier: Tier? = .library,
        version: Int64 = 0, schemaVersion: Int64 = 1, source: String = "device", sourceId: String? = nil,
        occurredAt: String, createdAt: String, updatedAt: String, tags: [String] = []
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
        self.occurredAt = occurredAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.tags = tags
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
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        properties = try container.decodeIfPresent(JSONObject.self, forKey: .properties) ?? [:]
        state = try container.decodeIfPresent(ItemState.self, forKey: .state) ?? .active
        tier = try container.decodeIfPresent(Tier.self, forKey: .tier)
        version = try container.decodeIfPresent(Int64.self, forKey: .version) ?? 0
        schemaVersion = try container.decodeIfPresent(Int64.self, forKey: .schemaVersion) ?? 1
        source = try container.decodeIfPresent(String.self, forKey: .source) ?? ""
        sourceId = try container.decodeIfPresent(String.self, forKey: .sourceId)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt) ?? createdAt
        occurredAt = try container.decodeIfPresent(String.self, forKey: .occurredAt) ?? createdAt
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
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
