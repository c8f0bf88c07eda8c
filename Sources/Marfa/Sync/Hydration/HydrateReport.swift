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
}
