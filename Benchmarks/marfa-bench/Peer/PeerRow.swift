/// One item row as the peer reads it through the C API: text columns copied into Swift strings, `properties`
/// left as its JSON text (not parsed, which favours the peer), and the tags from the tags table.
struct PeerRow: Sendable {
    /// The row's seq (rowid).
    var seq: Int64
    /// The item id.
    var id: String
    /// The item type.
    var type: String
    /// The state.
    var state: String
    /// The tier.
    var tier: String?
    /// The version.
    var version: Int64
    /// The source.
    var source: String
    /// The natural key.
    var sourceId: String?
    /// The three timestamps.
    var createdAt: String
    /// When it last changed.
    var updatedAt: String
    /// Its own time.
    var occurredAt: String
    /// The properties as JSON text.
    var properties: String
    /// The tags (in tag order, not insertion order).
    var tags: [String]
}
