/// Everything a create takes: the new item's fields, its tags and its edges (seed 000, "Drafts").
public struct Draft: Sendable, Hashable {
    /// The new item's type.
    public var type: String
    /// The new item's properties.
    public var properties: JSONObject
    /// Tags to add, each queued as its own write waiting on the create.
    public var tags: [String]
    /// The tier; the slice's tier when nil.
    public var tier: Tier?
    /// The starting state; active when nil. `.revoked` is refused.
    public var state: ItemState?
    /// A client-minted id; one is minted when nil.
    public var id: String?
    /// The source the item is created under.
    public var source: String?
    /// The natural key within the source.
    public var sourceId: String?
    /// The item's own time (RFC 3339).
    public var occurredAt: String?
    /// Where the item was captured: latitude.
    public var captureLatitude: Double?
    /// Where the item was captured: longitude.
    public var captureLongitude: Double?
    /// Edges to create with the item: edge type → target ids.
    public var edges: [String: [String]]
    /// The version the create claims for its natural key (0 = "I read no row").
    public var baseVersion: Int64?

    /// Makes a draft; every argument after `type` has a default.
    public init(
        type: String, properties: JSONObject = [:], tags: [String] = [], tier: Tier? = nil, state: ItemState? = nil,
        id: String? = nil, source: String? = nil, sourceId: String? = nil, occurredAt: String? = nil,
        captureLatitude: Double? = nil, captureLongitude: Double? = nil, edges: [String: [String]] = [:],
        baseVersion: Int64? = nil
    ) {
        self.type = type
        self.properties = properties
        self.tags = tags
        self.tier = tier
        self.state = state
        self.id = id
        self.source = source
        self.sourceId = sourceId
        self.occurredAt = occurredAt
        self.captureLatitude = captureLatitude
        self.captureLongitude = captureLongitude
        self.edges = edges
        self.baseVersion = baseVersion
    }
}
