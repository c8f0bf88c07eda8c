import MarfaRules

/// An item as the instance holds it: the row (tags included), what the wire carries beside it, and its extensions.
package struct StoredItem: Sendable, Hashable {
    /// The row.
    package var item: Item
    /// Where the item was captured, latitude, verbatim.
    package var captureLatitude: JSONValue?
    /// Where the item was captured, longitude, verbatim.
    package var captureLongitude: JSONValue?
    /// What a move to the bin recorded, while the row is in the bin.
    package var cascade: CascadeMark?
    /// The extension objects by namespace.
    package var extensions: [String: JSONObject]

    /// Makes a stored item.
    package init(
        item: Item, captureLatitude: JSONValue? = nil, captureLongitude: JSONValue? = nil, cascade: CascadeMark? = nil,
        extensions: [String: JSONObject] = [:]
    ) {
        self.item = item
        self.captureLatitude = captureLatitude
        self.captureLongitude = captureLongitude
        self.cascade = cascade
        self.extensions = extensions
    }

    /// The item's id.
    package var id: String { item.id }

    /// The key the created-order indexes hold the row under.
    package var createdKey: RowKey { RowKey(item.createdAt, item.id) }
}
