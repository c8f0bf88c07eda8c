import MarfaRules

/// One change to a copy's state: the unit a journal record carries and replay applies.
///
/// Live writes and replay go through the same `CopyState.apply(_:)`, so a reopened store equals the live one.
package enum StoreChange: Sendable, Hashable {
    case putItem(Item)
    case removeItem(id: String)
    case putEdge(Edge)
    case removeEdge(id: String)
    case putExtension(itemId: String, namespace: String, body: JSONObject)
    case removeExtension(itemId: String, namespace: String)
    case putQueuedWrite(QueuedWrite)
    case removeQueuedWrite(id: String)
    case clearRows
    case setSlice(Slice?)
    case setCursor(String?)
    case setHydration(Hydration)
    case setPins([String])
    case setInstanceId(String?)
    case setCatalog(CatalogSnapshot)
    case setCommitCount(UInt64)
    /// The items whose read-back after a refusal could not be made, each owed a read by the next drain.
    case setOwedReadBacks([String])
    /// The edges whose read-back after a refusal could not be made, each owed a read by the next drain.
    case setOwedEdgeReadBacks([String])
    /// Pins an item, when it is not pinned (WC-35).
    case addPin(String)
    /// Releases a pin, when there is one (WC-40).
    case removePin(String)
    /// An item or edge comes to be owed a read-back, when it is not already.
    case owe(OwedRead)
    /// An owed read-back is settled: the row was read, or an event or a fill brought it.
    case settleOwed(OwedRead)
    /// The title links of a note's saved body and their lookups' answers; an empty list forgets the note's (F100).
    case setLinkLookups(itemId: String, lookups: [LinkLookup])
    /// The device time of the last completed pull, as RFC 3339 text (F113).
    case setLastSynced(String)
    /// The app's declared types, each a normalized JSON type definition (swift-api.md §2 "Declare").
    case setDeclaredTypes([String])
    /// Why the copy expired rather than went stale (F029, F074, F091): `read_view_changed` once the instance accepted
    /// a retype or a source move; nil when the copy is not expired so. Only a fill that clears lifts it.
    case setExpiry(String?)
}

/// A row or edge owed a read-back after a refusal whose read could not be made.
package enum OwedRead: Sendable, Hashable {
    /// The item with this id.
    case item(String)
    /// The edge with this id.
    case edge(String)
}
