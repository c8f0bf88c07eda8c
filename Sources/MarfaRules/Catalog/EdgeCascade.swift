/// What binning an edge's source does to its target (P-88, P-92): take it along, leave it, or refuse the bin.
public enum EdgeCascade: String, Sendable, Hashable, Codable, CaseIterable {
    /// The target goes to the bin with the source.
    case cascade
    /// The target stays where it is.
    case orphan
    /// The source cannot go to the bin while the edge stands.
    case block
}
