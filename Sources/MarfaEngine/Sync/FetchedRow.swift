import MarfaRules

/// A row read from the instance with the edges it draws, handed to the engine to hold (a pin, WC-35).
package struct FetchedRow: Sendable, Hashable {
    /// The instance's row.
    package var item: Item
    /// Its outbound edges, every page.
    package var edges: [Edge]

    /// Makes a fetched row.
    package init(item: Item, edges: [Edge]) {
        self.item = item
        self.edges = edges
    }
}
