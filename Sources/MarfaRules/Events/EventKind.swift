/// The names of the events an instance's log announces (P-33), shared by the copy that applies them and the
/// instance that writes them.
package enum EventKind: String, Sendable, Hashable, CaseIterable {
    case itemCreated = "item.created"
    case itemUpdated = "item.updated"
    case itemDeleted = "item.deleted"
    case itemRestored = "item.restored"
    case itemStateChanged = "item.state_changed"
    case itemPurged = "item.purged"
    case metadataChanged = "metadata.changed"
    case edgeCreated = "edge.created"
    case edgeUpdated = "edge.updated"
    case edgeDeleted = "edge.deleted"

    /// Whether the event concerns an item (its row, state or tags) rather than an edge.
    package var concernsItem: Bool {
        switch self {
        case .edgeCreated, .edgeUpdated, .edgeDeleted: return false
        default: return true
        }
    }
}
