/// The grant a refusal names as missing (Q-31, Q-50, P-51): what kind of name it covers, the name, and the level.
public struct MissingGrant: Sendable, Hashable, Codable {
    /// What a grant covers.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An item type.
        case type
        /// An edge type.
        case edgeType = "edge_type"
        /// An extension namespace.
        case `extension`
    }

    /// The level a grant gives.
    public enum Level: String, Sendable, Hashable, Codable {
        /// Reading.
        case read
        /// Reading and writing.
        case write
    }

    /// What the grant covers.
    public var kind: Kind
    /// The type, edge type or namespace.
    public var name: String
    /// The level the write needed.
    public var level: Level

    /// Makes a missing grant.
    public init(kind: Kind, name: String, level: Level) {
        self.kind = kind
        self.name = name
        self.level = level
    }

    /// The grant a refusal's `details.grant` names, or nil when it is missing or oddly shaped (P-51).
    public init?(details: JSONValue?) {
        guard let grant = details?.object?["grant"]?.object, let kind = grant["kind"]?.string.flatMap(Kind.init),
            let name = grant["name"]?.string, let level = grant["level"]?.string.flatMap(Level.init)
        else { return nil }
        self.init(kind: kind, name: name, level: level)
    }
}
