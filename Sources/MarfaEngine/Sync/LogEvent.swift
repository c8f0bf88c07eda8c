import MarfaRules

/// One event of the instance's log that changes rows, as the engine judges it (WC-18 to WC-25): what the stream
/// decoded, without the frame it came in.
package enum LogEvent: Sendable, Hashable {
    /// An item created, updated, deleted, restored or moved to another state, with its full row.
    case item(EventKind, Item, EventMetadata?)
    /// An item's tags or extensions changed; the row keeps its version (WC-22).
    case metadataChanged(Item, EventMetadata)
    /// An item purged: it goes with every edge at either end and its pin (WC-24).
    case itemPurged(itemId: String)
    /// An edge created, updated or deleted.
    case edge(EventKind, Edge)
}
