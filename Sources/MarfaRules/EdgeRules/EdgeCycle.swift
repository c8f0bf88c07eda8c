/// The cycle walk for edge types that forbid cycles (P-91): follows outgoing edges of the type from the target.
package enum EdgeCycle {
    /// Whether the proposed edge would close a cycle: its source is reachable from its target, the moved edge aside.
    package static func closes(_ proposal: EdgeProposal, in context: some EdgeRuleContext) throws(MarfaError) -> Bool {
        var seen: Set<String> = [proposal.targetId]
        var frontier = [proposal.targetId]
        while let item = frontier.popLast() {
            for edge in try context.edges(ofType: proposal.edgeType, at: .source, of: item)
            where edge.id != proposal.movingEdgeId {
                if edge.targetId == proposal.sourceId { return true }
                if seen.insert(edge.targetId).inserted { frontier.append(edge.targetId) }
            }
        }
        return false
    }
}
