import MarfaRules

/// One chain of `EdgeTable`: the edges from an item, to an item, or of a type, named by the item's id or the
/// type's name.
struct EdgeChain: Hashable, Sendable {
    /// Which end or field the chain gathers edges by.
    enum Kind: Hashable, Sendable {
        /// Edges starting at an item.
        case from
        /// Edges pointing at an item.
        case to
        /// Edges of a type.
        case ofType
    }

    /// Which edges the chain gathers.
    let kind: Kind
    /// The item's id or the type's name.
    let name: String

    /// The chain of `kind` for item id or type name `name`.
    init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// The item id or type name that places `edge` on a chain of `kind`.
    static func name(of edge: Edge, _ kind: Kind) -> String {
        switch kind {
        case .from: return edge.sourceId
        case .to: return edge.targetId
        case .ofType: return edge.edgeType
        }
    }
}
