import MarfaRules

/// An event a write announces (P-34), before the log gives it an id.
package struct PendingEvent: Sendable {
    /// The event's name.
    package var kind: EventKind
    /// The item's type, for item events.
    package var itemType: String?
    /// The edge's type, for edge events.
    package var edgeType: String?
    /// The edge source's type, for edge events.
    package var sourceType: String?
    /// The frame's members besides `event_type`.
    package var body: JSONObject

    /// An item event carrying the row and its metadata, plus `extra` members (such as `restored_with`).
    package static func item(_ kind: EventKind, _ stored: StoredItem, extra: JSONObject = [:]) -> PendingEvent {
        var body = extra
        body["item"] = .object(WireShapes.item(stored))
        body["metadata"] = WireShapes.metadata(stored)
        return PendingEvent(kind: kind, itemType: stored.item.type, body: body)
    }

    /// An edge event carrying the edge and its source's type, plus `extra` members (such as `purged_with`).
    package static func edge(_ kind: EventKind, _ edge: Edge, sourceType: String, extra: JSONObject = [:])
        -> PendingEvent
    {
        var body = extra
        body["edge"] = WireShapes.edge(edge)
        body["source_type"] = .string(sourceType)
        return PendingEvent(kind: kind, edgeType: edge.edgeType, sourceType: sourceType, body: body)
    }

    /// The logged event with id `id`: `event_type` added, the data encoded once.
    package func logged(id: Int64) -> LogEvent {
        var data = body
        data["event_type"] = .string(kind.rawValue)
        let text = (try? JSONValue.object(data).json()) ?? "{}"
        return LogEvent(
            id: id, kind: kind, itemType: itemType, edgeType: edgeType, sourceType: sourceType, data: text)
    }
}
