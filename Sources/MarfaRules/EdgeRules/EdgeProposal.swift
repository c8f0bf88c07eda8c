/// An edge write to judge: its ends and type, and the edge it moves, if it is a move (F079, F090).
package struct EdgeProposal: Sendable, Hashable {
    /// The item the edge would start at.
    package var sourceId: String
    /// The item the edge would point at.
    package var targetId: String
    /// The edge's type.
    package var edgeType: String
    /// The edge being moved, which the duplicate, cardinality and cycle checks leave out; nil for a new edge.
    package var movingEdgeId: String?

    /// Makes a proposal.
    package init(sourceId: String, targetId: String, edgeType: String, movingEdgeId: String? = nil) {
        self.sourceId = sourceId
        self.targetId = targetId
        self.edgeType = edgeType
        self.movingEdgeId = movingEdgeId
    }
}
