/// What a copy-stream marker adds (P-32): the instance that answered and the key's read view.
package struct StreamFence: Sendable, Hashable {
    /// The instance's permanent id.
    package var instanceId: String
    /// The per-credential fingerprint of read reach, 64 lowercase hex digits.
    package var readView: String

    /// Makes a fence from the marker's instance id and read view.
    package init(instanceId: String, readView: String) {
        self.instanceId = instanceId
        self.readView = readView
    }
}

/// One typed frame of an instance's event stream (P-30 to P-33).
package enum StreamEvent: Sendable, Hashable {
    /// The prologue: the log's head when the stream opened (`0` on an empty log).
    case streamCursor(EventID, fence: StreamFence?)
    /// The catch-up is over; the cursor names a position at or past the head, or is null when the head read timed
    /// out (WC-20).
    case streamLive(EventID?, fence: StreamFence?)
    /// An item was created, updated, deleted, restored or moved to another state; the frame carries the full row.
    case item(event: EventKind, id: EventID, item: Item, metadata: EventMetadata?)
    /// An item was purged: remove it, every edge at either end and its pin (WC-24).
    case itemPurged(id: EventID, itemId: String)
    /// An item's tags or extensions changed; the row keeps its version (WC-22).
    case metadataChanged(id: EventID, item: Item, metadata: EventMetadata)
    /// An edge was created, updated or deleted; `sourceType` is the type of the item it starts at.
    case edge(event: EventKind, id: EventID, edge: Edge, sourceType: String?)
    /// Terminal: the log no longer holds the events after the cursor (WC-30).
    case catchupTooOld(minRetained: EventID?, requested: EventID?)
    /// Terminal: the cursor is past the log's head, so the instance was restored behind the copy (WC-33).
    case cursorAhead(requested: EventID?, head: EventID?)
    /// Terminal: the server ended the stream early; reconnect from the last applied id.
    case streamIncomplete(reason: String, cursor: EventID?)
    /// Terminal, copy stream only: the key's read view moved, so the copy must be filled again.
    case readViewChanged

    /// The log id of an event frame; nil for markers and terminal frames, which have none.
    package var eventID: EventID? {
        switch self {
        case .item(_, let id, _, _), .itemPurged(let id, _), .metadataChanged(let id, _, _), .edge(_, let id, _, _):
            return id
        case .streamCursor, .streamLive, .catchupTooOld, .cursorAhead, .streamIncomplete, .readViewChanged:
            return nil
        }
    }

    /// The error a terminal frame ends the stream with, as the connection takes it; nil for every other frame.
    package var terminalError: MarfaError? {
        switch self {
        case .catchupTooOld(let oldest, let requested):
            return .copyExpired(
                reason: "catchup_too_old",
                message: "The instance's log no longer holds the events after cursor \(Self.text(requested)); "
                    + "its oldest retained event is \(Self.text(oldest)).")
        case .cursorAhead(let requested, let head):
            return .copyExpired(
                reason: "cursor_ahead",
                message: "The copy's cursor \(Self.text(requested)) is past the log's head \(Self.text(head)); "
                    + "the instance was restored behind the copy.")
        case .streamIncomplete(let reason, _):
            return .streamIncomplete(reason: reason, message: "The instance ended the event stream early (\(reason)).")
        case .readViewChanged:
            return .copyExpired(
                reason: "read_view_changed", message: "The read view changed. Rebuild the working copy.")
        case .streamCursor, .streamLive, .item, .itemPurged, .metadataChanged, .edge:
            return nil
        }
    }

    private static func text(_ id: EventID?) -> String { id.map(\.description) ?? "unknown" }
}

extension StreamEvent {
    /// The event's name as the log spells it (`item.updated`, `stream_live`…).
    package var name: String {
        switch self {
        case .streamCursor: return "stream_cursor"
        case .streamLive: return "stream_live"
        case .item(let kind, _, _, _), .edge(let kind, _, _, _): return kind.rawValue
        case .itemPurged: return EventKind.itemPurged.rawValue
        case .metadataChanged: return EventKind.metadataChanged.rawValue
        case .catchupTooOld: return "catchup_too_old"
        case .cursorAhead: return "cursor_ahead"
        case .streamIncomplete: return "stream_incomplete"
        case .readViewChanged: return "read_view_changed"
        }
    }
}
