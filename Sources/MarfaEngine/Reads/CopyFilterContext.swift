import MarfaRules

/// The copy's answers to the filter grammar: edges it holds (queued ones included), parts through with-hosts edges
/// to a host out of the bin (an unheld host counts as out of the bin), and status groups from its catalog.
///
/// A class: a list walk hands it to the evaluator for every row, and a struct holding the state copied (retained and
/// released) each of the state's tables at each of those rows.
package final class CopyFilterContext: FilterContext, Sendable {
    /// The state read.
    package let state: CopyState

    /// Makes a context over one moment of the state.
    package init(state: CopyState) {
        self.state = state
    }

    /// The targets of the item's held outbound edges of a type.
    package func edgeTargets(from itemID: String, edgeType: String) -> [String] {
        state.edges.records(from: itemID).filter { $0.edgeType == edgeType }.map(\.targetId)
    }

    /// The sources of the item's held inbound edges of a type.
    package func edgeSources(to itemID: String, edgeType: String) -> [String] {
        state.edges.records(to: itemID).filter { $0.edgeType == edgeType }.map(\.sourceId)
    }

    /// Whether the item hangs from a host out of the bin through a with-hosts edge (F057, F058).
    package func isPart(_ item: Item) -> Bool {
        state.edges.records(from: item.id).contains { edge in
            state.catalog.edgeType(edge.edgeType)?.withHosts == true && state.items[edge.targetId]?.state != .trashed
        }
    }

    /// The item's status group, read through the catalog.
    package func statusGroup(of item: Item) -> StatusGroup? {
        state.catalog.statusGroup(of: item)
    }
}
