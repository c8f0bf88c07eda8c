import MarfaRules

/// The copy's answer to the edge rules: ends and edges as the copy shows them, queued ones included, plus the
/// rows a write is about to add (a create's own item and the edges judged before the next one).
package struct CopyEdgeContext: EdgeRuleContext {
    /// The state judged against.
    package let state: CopyState
    /// Items the write adds, judged as if held.
    package var addedItems: [String: Item] = [:]
    /// Edges the write adds, judged as if held.
    package var addedEdges: [Edge] = []

    /// Makes a context over the state alone.
    package init(state: CopyState) {
        self.state = state
    }

    /// The catalog the copy holds.
    package var catalog: CatalogSnapshot { state.catalog }

    /// The type and state of a held or added item, or nil.
    package func end(_ id: String) throws(MarfaError) -> EdgeEndRecord? {
        (addedItems[id] ?? state.items[id]).map { EdgeEndRecord(type: $0.type, state: $0.state) }
    }

    /// The held and added edges of a type at one end of an item.
    package func edges(ofType edgeType: String, at end: EdgeEnd, of id: String) throws(MarfaError) -> [Edge] {
        let held = end == .source ? state.edges.edges(from: id) : state.edges.edges(to: id)
        let added = addedEdges.filter { (end == .source ? $0.sourceId : $0.targetId) == id }
        return (held + added).filter { $0.edgeType == edgeType }
    }
}
