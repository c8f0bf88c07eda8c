import MarfaRules

/// A stored prior version of an item (P-62): what the row held at `version`, kept for stale merges.
package struct ItemVersion: Sendable, Hashable {
    /// The item the version belongs to.
    package var itemId: String
    /// The version number.
    package var version: Int64
    /// The fields at that version.
    package var fields: VersionedFields

    /// Makes a stored version.
    package init(itemId: String, version: Int64, fields: VersionedFields) {
        self.itemId = itemId
        self.version = version
        self.fields = fields
    }
}
