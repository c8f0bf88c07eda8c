/// What a copy holds and how far it is filled, answered offline and before any hydration (WC-5).
public struct Status: Sendable, Hashable, Codable {
    /// The origin the store is bound to.
    public var serverOrigin: String?
    /// The instance the copy was filled from.
    public var instanceId: String?
    /// The slice's types.
    public var sliceTypes: [String]
    /// The slice's tier.
    public var sliceTier: SliceTier?
    /// The edge types held whole.
    public var sliceEdgeTypes: [String]
    /// The pinned item ids.
    public var pinned: [String]
    /// The id of the last event applied.
    public var eventCursor: String?
    /// How far the copy is filled.
    public var hydration: Hydration
    /// How many items the copy holds, in every state.
    public var items: UInt64
    /// How many edges the copy holds.
    public var edges: UInt64
    /// The catalog's version, nil until a catalog is held.
    public var catalogVersion: UInt64?
    /// What the last open that had to repair, pass over or report anything did (Issue 26.4); nil when no open has.
    public var recovery: RecoveryReport? = nil

    enum CodingKeys: String, CodingKey {
        case pinned, hydration, items, edges
        case serverOrigin = "server_origin"
        case instanceId = "instance_id"
        case sliceTypes = "slice_types"
        case sliceTier = "slice_tier"
        case sliceEdgeTypes = "slice_edge_types"
        case eventCursor = "event_cursor"
        case catalogVersion = "catalog_version"
        case recovery
    }

    /// Writes every field, nulls included, as the device command line prints a status.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(serverOrigin, forKey: .serverOrigin)
        try container.encode(instanceId, forKey: .instanceId)
        try container.encode(sliceTypes, forKey: .sliceTypes)
        try container.encode(sliceTier, forKey: .sliceTier)
        try container.encode(sliceEdgeTypes, forKey: .sliceEdgeTypes)
        try container.encode(pinned, forKey: .pinned)
        try container.encode(eventCursor, forKey: .eventCursor)
        try container.encode(hydration, forKey: .hydration)
        try container.encode(items, forKey: .items)
        try container.encode(edges, forKey: .edges)
        try container.encode(catalogVersion, forKey: .catalogVersion)
        try container.encode(recovery, forKey: .recovery)
    }
}
