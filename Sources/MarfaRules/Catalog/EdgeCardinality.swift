/// How many edges of one type an item may hold at each end, read from source to target (P-90).
public enum EdgeCardinality: String, Sendable, Hashable, Codable, CaseIterable {
    /// A source holds at most one outgoing edge of the type, and a target at most one incoming (`supersedes`).
    case oneToOne = "one-to-one"
    /// A target holds at most one incoming edge of the type (`parent-of`: one parent per child).
    case oneToMany = "one-to-many"
    /// A source holds at most one outgoing edge of the type (`in-thread`: one thread per member).
    case manyToOne = "many-to-one"
    /// Either end holds any number.
    case manyToMany = "many-to-many"

    /// Whether a source holds at most one outgoing edge of the type.
    public var limitsSource: Bool { self == .oneToOne || self == .manyToOne }

    /// Whether a target holds at most one incoming edge of the type.
    public var limitsTarget: Bool { self == .oneToOne || self == .oneToMany }
}
