import Foundation

/// A typed, directed link from one item to another, with properties of its own.
public struct Edge: Sendable, Hashable, Codable, Identifiable {
    /// The edge's lowercase UUID.
    public var id: String
    /// The item the edge starts at.
    public var sourceId: String
    /// The item the edge points at.
    public var targetId: String
    /// The edge's type, such as `parent-of`.
    public var edgeType: String
    /// The edge's properties.
    public var properties: JSONObject
    /// The instance's version of the edge; 0 for an own create not yet answered.
    public var version: Int64
    /// When the edge was created (RFC 3339, UTC, milliseconds).
    public var createdAt: String
    /// When the edge last changed (RFC 3339, UTC, milliseconds).
    public var updatedAt: String

    /// Makes an edge from every stored field.
    public init(
        id: String, sourceId: String, targetId: String, edgeType: String, properties: JSONObject = [:],
        version: Int64 = 0, createdAt: String, updatedAt: String
    ) {
        self.id = id
        self.sourceId = sourceId
        self.targetId = targetId
        self.edgeType = edgeType
        self.properties = properties
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, properties, version
        case sourceId = "source_id"
        case targetId = "target_id"
        case edgeType = "edge_type"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
