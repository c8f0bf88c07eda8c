/// What the edge rules read of an item at an edge's end: its type and where it stands.
package struct EdgeEndRecord: Sendable, Hashable {
    /// The item's type.
    package var type: String
    /// The item's state; `.trashed` is the bin.
    package var state: ItemState

    /// Makes a record.
    package init(type: String, state: ItemState) {
        self.type = type
        self.state = state
    }
}
