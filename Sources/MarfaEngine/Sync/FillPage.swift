import MarfaRules

/// One page of a fill as read from the instance (WC-11 to WC-13): items with their extensions and outbound edges,
/// or the edges of a type held whole.
package struct FillPage: Sendable {
    /// One item of the page with what came with it.
    package struct Row: Sendable {
        /// The instance's row.
        package var item: Item
        /// Its extensions the key reads, by namespace.
        package var extensions: [String: JSONObject]
        /// Its outbound edges, every page of them.
        package var edges: [Edge]

        /// Makes a row of a page.
        package init(item: Item, extensions: [String: JSONObject], edges: [Edge]) {
            self.item = item
            self.extensions = extensions
            self.edges = edges
        }
    }

    /// The page's items.
    package var rows: [Row]
    /// Edges of a type held whole.
    package var edges: [Edge]

    /// Makes a page.
    package init(rows: [Row] = [], edges: [Edge] = []) {
        self.rows = rows
        self.edges = edges
    }

    /// The changes that store the page as the instance sent it (the queue is laid over once the fill ends, WC-34).
    var changes: [StoreChange] {
        var changes: [StoreChange] = []
        for row in rows {
            changes.append(.putItem(row.item))
            for (namespace, body) in row.extensions.sorted(by: { $0.key < $1.key }) {
                changes.append(.putExtension(itemId: row.item.id, namespace: namespace, body: body))
            }
            changes.append(contentsOf: row.edges.map(StoreChange.putEdge))
        }
        changes.append(contentsOf: edges.map(StoreChange.putEdge))
        return changes
    }
}
