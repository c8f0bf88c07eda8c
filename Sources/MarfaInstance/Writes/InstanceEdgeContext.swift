import MarfaRules

/// The edge rules' view of the instance (F079–F090): every item and edge held, plus the rows and edges a write is
/// about to add or remove, so several edges of one write are judged against each other.
package struct InstanceEdgeContext: EdgeRuleContext {
    /// The state judged against.
    package let state: InstanceState
    /// The shipped catalog.
    package let catalog: CatalogSnapshot
    /// Items the write adds, by id.
    package var addedItems: [String: EdgeEndRecord] = [:]
    /// Edges the write adds.
    package var addedEdges: [Edge] = []
    /// Edges the write removes.
    package var removedEdges: Set<String> = []

    /// Makes a context over `state`.
    package init(state: InstanceState, catalog: CatalogSnapshot) {
        self.state = state
        self.catalog = catalog
    }

    /// The type and state of item `id`.
    package func end(_ id: String) -> EdgeEndRecord? {
        if let added = addedItems[id] { return added }
        return state.stored(id).map { EdgeEndRecord(type: $0.item.type, state: $0.item.state) }
    }

    /// The edges of `edgeType` held at `end` of item `id`, the write's own changes included.
    package func edges(ofType edgeType: String, at end: EdgeEnd, of id: String) -> [Edge] {
        let held =
            end == .source ? state.outboundEdges(of: id, type: edgeType) : state.inboundEdges(of: id, type: edgeType)
        let added = addedEdges.filter { $0.edgeType == edgeType && (end == .source ? $0.sourceId : $0.targetId) == id }
        return held.filter { !removedEdges.contains($0.id) } + added
    }
}
