import MarfaRules

/// One event of the log (P-33): its id, its name, what decides who sees it (P-35), and its frame data.
package struct LogEvent: Sendable, Hashable {
    /// The durable, ascending id.
    package var id: Int64
    /// The event's name, which is also its `event_type`.
    package var kind: EventKind
    /// The item's type, for `item.*` and `metadata.changed`.
    package var itemType: String?
    /// The edge's type, for `edge.*`.
    package var edgeType: String?
    /// The type of the edge's source item, for `edge.*`.
    package var sourceType: String?
    /// The frame's JSON data, `event_type` included.
    package var data: String

    /// Makes an event.
    package init(
        id: Int64, kind: EventKind, itemType: String?, edgeType: String?, sourceType: String?, data: String
    ) {
        self.id = id
        self.kind = kind
        self.itemType = itemType
        self.edgeType = edgeType
        self.sourceType = sourceType
        self.data = data
    }
}
