/// What a hydration took (WC-14): the slice, the counts, the pages read, and the head cursor stored.
public struct HydrateReport: Sendable, Hashable {
    /// The slice's types.
    public var types: [String]
    /// The slice's tier.
    public var tier: SliceTier
    /// The edge types held whole.
    public var edgeTypes: [String]
    /// Items held after the fill.
    public var items: UInt64
    /// Edges held after the fill.
    public var edges: UInt64
    /// Pages read: item pages plus edge pages.
    public var pages: UInt64
    /// The head read before the first row (WC-10).
    public var cursor: String
    /// The declared types this hydration registered on the instance (P-21).
    public var registeredTypes: [String] = []
    /// The declared types the instance refused to register, each with its refusal.
    public var unregisteredTypes: [UnregisteredType] = []
}

/// A declared type the instance refused to register at hydration (P-21): its id and the refusal's code and message.
public struct UnregisteredType: Sendable, Hashable {
    /// The declared type's id.
    public var id: String
    /// The refusal's code, such as `forbidden`.
    public var code: String
    /// The refusal's message.
    public var message: String
}
