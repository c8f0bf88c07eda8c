/// The items and edges an update names: those the copy holds and should read again, and those it no longer holds.
public struct ChangedRows: Sendable, Hashable {
    /// Items the copy holds that changed.
    public var items: [String]
    /// Edges the copy holds that changed.
    public var edges: [String]
    /// Items the copy no longer holds.
    public var removedItems: [String]
    /// Edges the copy no longer holds.
    public var removedEdges: [String]

    /// Makes a list of changed rows; every list is empty unless given.
    public init(items: [String] = [], edges: [String] = [], removedItems: [String] = [], removedEdges: [String] = []) {
        self.items = items
        self.edges = edges
        self.removedItems = removedItems
        self.removedEdges = removedEdges
    }

    /// Whether no row is named.
    public var isEmpty: Bool { items.isEmpty && edges.isEmpty && removedItems.isEmpty && removedEdges.isEmpty }
}
