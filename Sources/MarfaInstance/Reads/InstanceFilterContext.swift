import MarfaRules

/// The filter evaluator's view of the instance (P-69 to P-73): every edge is held, so `edge[T]` and `backref[T]`
/// read the full adjacency.
package struct InstanceFilterContext: FilterContext {
    /// The state read.
    package let state: InstanceState

    /// Makes a context over `state`.
    package init(state: InstanceState) {
        self.state = state
    }

    /// The targets of the item's outbound edges of `edgeType`.
    package func edgeTargets(from itemID: String, edgeType: String) -> [String] {
        state.outboundEdges(of: itemID, type: edgeType).map(\.targetId)
    }

    /// The sources of the item's inbound edges of `edgeType`.
    package func edgeSources(to itemID: String, edgeType: String) -> [String] {
        state.inboundEdges(of: itemID, type: edgeType).map(\.sourceId)
    }

    /// Never asked: the instance refuses `part` before evaluating (P-72).
    package func isPart(_ item: Item) -> Bool { false }

    /// Never asked: the instance refuses `status_group` before evaluating (P-72).
    package func statusGroup(of item: Item) -> StatusGroup? { nil }
}
