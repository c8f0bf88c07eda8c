import MarfaRules

/// The edge ids of `EdgeTable`'s chains of one kind, as sets keyed by item id or type name: the shape the copy's
/// adjacency maps had before the chains replaced them, for readers that take ids.
package struct EdgeAdjacency: Sendable, Equatable {
    private let table: EdgeTable
    private let kind: EdgeChain.Kind

    init(_ table: EdgeTable, _ kind: EdgeChain.Kind) {
        self.table = table
        self.kind = kind
    }

    /// The ids of the edges on the chain of `name` (an item id, or a type name for the edges of a type), or nil
    /// when there are none.
    /// - Complexity: O(edges on the chain).
    package subscript(name: String) -> Set<String>? {
        table.ids(on: EdgeChain(kind, name))
    }

    /// Equal when every chain holds the same ids.
    /// - Complexity: O(edges).
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.kind == rhs.kind && lhs.table.chains(lhs.kind) == rhs.table.chains(rhs.kind)
    }
}
