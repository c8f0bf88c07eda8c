/// The fields a version of an item holds and a stored snapshot keeps (P-62): what writes version and merges compare.
package struct VersionedFields: Sendable, Hashable {
    /// The item's type.
    package var type: String
    /// The item's properties.
    package var properties: JSONObject
    /// The item's tier (nil on `system.*` rows).
    package var tier: Tier?
    /// The item's own time, canonical UTC text.
    package var occurredAt: String
    /// The item's natural key within its source, if any.
    package var sourceId: String?

    /// Makes the fields of one version.
    package init(type: String, properties: JSONObject, tier: Tier?, occurredAt: String, sourceId: String?) {
        self.type = type
        self.properties = properties
        self.tier = tier
        self.occurredAt = occurredAt
        self.sourceId = sourceId
    }

    /// The fields of `item`.
    package init(_ item: Item) {
        self.init(
            type: item.type, properties: item.properties, tier: item.tier, occurredAt: item.occurredAt,
            sourceId: item.sourceId)
    }

    /// The value held for `field` as JSON, or nil when the row holds none.
    package subscript(field: MergeField) -> JSONValue? {
        get {
            switch field {
            case .property(let name): return properties[name]
            case .type: return .string(type)
            case .tier: return tier.map { .string($0.rawValue) }
            case .occurredAt: return .string(occurredAt)
            case .sourceId: return sourceId.map(JSONValue.string)
            }
        }
        set {
            switch field {
            case .property(let name): properties[name] = newValue
            case .type: type = newValue?.string ?? type
            case .tier: tier = newValue?.string.flatMap(Tier.init(rawValue:))
            case .occurredAt: occurredAt = newValue?.string ?? occurredAt
            case .sourceId: sourceId = newValue?.string
            }
        }
    }

    /// The wire shape S of P-65: `{id, type, version, properties, tier, occurred_at, source_id}`.
    package func json(id: String, version: Int64) -> JSONValue {
        .object([
            "id": .string(id), "type": .string(type), "version": .integer(version), "properties": .object(properties),
            "tier": tier.map { .string($0.rawValue) } ?? .null, "occurred_at": .string(occurredAt),
            "source_id": sourceId.map(JSONValue.string) ?? .null,
        ])
    }
}
