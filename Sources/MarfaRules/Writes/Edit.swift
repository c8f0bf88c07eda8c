/// A change to an item's fields, based on the version the app read (seed 000, "Edits").
public struct Edit: Sendable, Hashable {
    /// Properties to set; a `null` clears nothing.
    public var properties: JSONObject
    /// Properties to remove.
    public var clearProperties: [String]
    /// Whether `properties` becomes the item's whole set.
    public var replaceProperties: Bool
    /// The version the edit is based on.
    public var baseVersion: Int64
    /// A new type, if the item moves to another type.
    public var type: String?
    /// A new tier.
    public var tier: Tier?
    /// A new natural key.
    public var sourceId: String?
    /// A new own time (RFC 3339); not together with `clearOccurredAt`.
    public var occurredAt: String?
    /// Whether to remove the own time, so the item sits at its creation time.
    public var clearOccurredAt: Bool

    /// Makes an edit; only `baseVersion` is required.
    public init(
        properties: JSONObject = [:], clearProperties: [String] = [], replaceProperties: Bool = false,
        baseVersion: Int64, type: String? = nil, tier: Tier? = nil, sourceId: String? = nil,
        occurredAt: String? = nil, clearOccurredAt: Bool = false
    ) {
        self.properties = properties
        self.clearProperties = clearProperties
        self.replaceProperties = replaceProperties
        self.baseVersion = baseVersion
        self.type = type
        self.tier = tier
        self.sourceId = sourceId
        self.occurredAt = occurredAt
        self.clearOccurredAt = clearOccurredAt
    }
}

/// A change to an edge: its properties, one end moved, or both.
public struct EdgeEdit: Sendable, Hashable {
    /// Which end of an edge moves, and to which item.
    public enum Move: Sendable, Hashable {
        /// Move the edge's source to this item.
        case source(String)
        /// Move the edge's target to this item.
        case target(String)
    }

    /// Properties merged over those not named.
    public var properties: JSONObject
    /// The edge version the edit is based on.
    public var baseVersion: Int64
    /// The end to move, if any.
    public var move: Move?

    /// Makes an edge edit.
    public init(_ properties: JSONObject = [:], baseVersion: Int64, move: Move? = nil) {
        self.properties = properties
        self.baseVersion = baseVersion
        self.move = move
    }
}
