/// The edge write rules the working copy and the reference instance share, so they never disagree (F079–F090).
///
/// A proposal is judged in the instance's order (P-46, F087): the source in the bin; an unknown edge type; a
/// self-edge (`edge_cycle`); the target in the bin; an end's type, a revoked folder, nesting under a flat type;
/// a duplicate; a second edge at an end that holds one; a cycle. The first rule broken is thrown.
package enum EdgeRules {
    /// Returns when the instance would take the edge as far as `context` can tell, else throws its refusal.
    package static func judge(_ proposal: EdgeProposal, in context: some EdgeRuleContext) throws(MarfaError) {
        let source = try context.end(proposal.sourceId)
        if source?.state == .trashed { throw EdgeRefusal.inBin(.source, id: proposal.sourceId) }
        guard let edgeType = context.catalog.edgeType(proposal.edgeType) else {
            throw EdgeRefusal.unknownType(proposal.edgeType)
        }
        if proposal.sourceId == proposal.targetId { throw EdgeRefusal.selfLoop(edgeType.id) }
        let target = try context.end(proposal.targetId)
        if target?.state == .trashed { throw EdgeRefusal.inBin(.target, id: proposal.targetId) }
        try checkEnds(proposal, source: source, target: target, edgeType: edgeType, catalog: context.catalog)
        try checkDuplicate(proposal, edgeType: edgeType, in: context)
        try checkCardinality(proposal, edgeType: edgeType, in: context)
        if edgeType.isAcyclic, try EdgeCycle.closes(proposal, in: context) {
            throw EdgeRefusal.cycle(edgeType.id, sourceId: proposal.sourceId, targetId: proposal.targetId)
        }
    }

    /// Each end's type against the edge type's constraints, a revoked folder, and nesting under a flat type.
    private static func checkEnds(
        _ proposal: EdgeProposal, source: EdgeEndRecord?, target: EdgeEndRecord?, edgeType: EdgeType,
        catalog: CatalogSnapshot
    ) throws(MarfaError) {
        if let source, !catalog.satisfies(source.type, constraints: edgeType.sourceTypeConstraints) {
            throw EdgeRefusal.endType(.source, type: source.type, edgeType: edgeType)
        }
        if let target, !catalog.satisfies(target.type, constraints: edgeType.targetTypeConstraints) {
            throw EdgeRefusal.endType(.target, type: target.type, edgeType: edgeType)
        }
        if edgeType.id == EdgeType.folderPlacement, target?.state == .revoked {
            throw EdgeRefusal.revokedFolder(edgeType.id, targetId: proposal.targetId)
        }
        if edgeType.isFlat, let source, catalog.satisfies(source.type, constraints: edgeType.targetTypeConstraints) {
            throw EdgeRefusal.nesting(edgeType.id, sourceId: proposal.sourceId, sourceType: source.type)
        }
    }

    /// One edge per type between the same two items, the moved edge aside.
    private static func checkDuplicate(
        _ proposal: EdgeProposal, edgeType: EdgeType, in context: some EdgeRuleContext
    ) throws(MarfaError) {
        let outgoing = try context.edges(ofType: edgeType.id, at: .source, of: proposal.sourceId)
        if outgoing.contains(where: { $0.targetId == proposal.targetId && $0.id != proposal.movingEdgeId }) {
            throw EdgeRefusal.duplicate(edgeType.id, sourceId: proposal.sourceId, targetId: proposal.targetId)
        }
    }

    /// At most one edge of the type at each end the cardinality limits, the moved edge aside (P-90).
    private static func checkCardinality(
        _ proposal: EdgeProposal, edgeType: EdgeType, in context: some EdgeRuleContext
    ) throws(MarfaError) {
        let limited = [
            (EdgeEnd.source, proposal.sourceId, edgeType.cardinality.limitsSource),
            (EdgeEnd.target, proposal.targetId, edgeType.cardinality.limitsTarget),
        ]
        for (end, id, limits) in limited where limits {
            let held = try context.edges(ofType: edgeType.id, at: end, of: id)
            if held.contains(where: { $0.id != proposal.movingEdgeId }) {
                throw EdgeRefusal.cardinality(edgeType, end: end, id: id)
            }
        }
    }
}
