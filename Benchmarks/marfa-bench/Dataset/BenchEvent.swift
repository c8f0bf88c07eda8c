import MarfaRules

/// One event of the stream as both stores apply it: an item upsert, an edge upsert or an edge removal.
struct BenchEvent: Sendable {
    /// What the event changes.
    enum Change: Sendable {
        /// The item's whole new row (created, updated, binned, restored, retagged).
        case item(Item)
        /// A new or changed edge.
        case edge(Edge)
        /// An edge removed, by id.
        case removeEdge(String)
    }

    /// The kinds of benchmarks.md's stream, for its mix.
    enum Kind: String, Sendable, CaseIterable {
        case itemUpdated = "item.updated"
        case itemCreated = "item.created"
        case itemDeletedOrRestored = "item.deleted_or_restored"
        case tagsChanged = "item.tags_changed"
        case edgeChanged = "edge.created_or_deleted"
    }

    /// The event's id (a UUIDv7 of its time), which becomes the cursor once applied.
    var id: String
    /// Which kind of event this is.
    var kind: Kind
    /// The change it carries.
    var change: Change
}
