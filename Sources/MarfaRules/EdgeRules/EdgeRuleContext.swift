/// What the edge rules ask of whoever holds the items and edges: the working copy, or the reference instance.
package protocol EdgeRuleContext {
    /// The catalog the edge types and type constraints are read from.
    var catalog: CatalogSnapshot { get }

    /// The type and state of the item `id`, or nil when it is not held; an end not held is not judged.
    func end(_ id: String) throws(MarfaError) -> EdgeEndRecord?

    /// Every held edge of `edgeType` whose `end` is the item `id`: outgoing ones at `.source`, incoming at `.target`.
    func edges(ofType edgeType: String, at end: EdgeEnd, of id: String) throws(MarfaError) -> [Edge]
}
