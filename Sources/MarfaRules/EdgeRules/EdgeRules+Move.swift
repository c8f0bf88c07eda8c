extension EdgeRules {
    /// Judges moving one end of `edge` (P-47, F090): refused `validation_error` where the end that stays may hold
    /// many edges of the type, `edge_cycle` where the edge would point at itself, else judged as a new edge.
    package static func judgeMove(_ edge: Edge, _ move: EdgeEdit.Move, in context: some EdgeRuleContext)
        throws(MarfaError)
    {
        guard let edgeType = context.catalog.edgeType(edge.edgeType) else {
            throw EdgeRefusal.unknownType(edge.edgeType)
        }
        var proposal = EdgeProposal(
            sourceId: edge.sourceId, targetId: edge.targetId, edgeType: edge.edgeType, movingEdgeId: edge.id)
        switch move {
        case .source(let id):
            guard edgeType.cardinality.limitsTarget else { throw EdgeRefusal.moveAtManySide(edgeType, moving: .source) }
            proposal.sourceId = id
        case .target(let id):
            guard edgeType.cardinality.limitsSource else { throw EdgeRefusal.moveAtManySide(edgeType, moving: .target) }
            proposal.targetId = id
        }
        if proposal.sourceId == proposal.targetId { throw EdgeRefusal.selfLoop(edgeType.id) }
        try judge(proposal, in: context)
    }
}
