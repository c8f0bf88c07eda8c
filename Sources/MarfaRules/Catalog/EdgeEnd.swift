/// One end of an edge: the item it starts at, or the item it points at.
public enum EdgeEnd: String, Sendable, Hashable, Codable, CaseIterable {
    /// The item the edge starts at.
    case source
    /// The item the edge points at.
    case target
}
