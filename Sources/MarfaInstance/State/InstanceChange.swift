import MarfaRules

/// One change to the instance's state: what a write applies, what the journal records, and what a snapshot holds,
/// so the live path and recovery share `InstanceState.apply(_:)`.
package enum InstanceChange: Sendable, Hashable {
    /// Adds or replaces an item.
    case putItem(StoredItem)
    /// Removes an item (a purge).
    case removeItem(id: String)
    /// Adds or replaces an edge.
    case putEdge(Edge)
    /// Removes an edge.
    case removeEdge(id: String)
    /// Stores a prior version of an item.
    case appendVersion(ItemVersion)
    /// Forgets every stored version of an item (a purge).
    case removeVersions(itemId: String)
    /// Appends an event to the log.
    case appendEvent(LogEvent)
    /// Drops the events with ids up to a position, never the newest.
    case trimLog(through: Int64)
    /// Forgets the events after a position and moves the head back to it.
    case rollbackLog(to: Int64)
    /// Sets the log's head, as a snapshot records it.
    case setLogHead(Int64)
    /// Keeps the answer to a write that carried an idempotency key.
    case putIdempotency(IdempotencyRecord)
    /// Sets the instance id `GET /` answers.
    case setInstanceId(String)
    /// Adds a narrowed key.
    case putKey(AccessKey)
    /// Registers an item type as its registration declared it (P-21).
    case putType(ItemType)
}
