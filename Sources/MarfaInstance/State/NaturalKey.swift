/// An item's natural key (P-59): its source and its id within that source, unique across the instance.
package struct NaturalKey: Sendable, Hashable {
    /// The writer that created the item.
    package var source: String
    /// The item's id within that source.
    package var sourceId: String

    /// Makes a natural key.
    package init(source: String, sourceId: String) {
        self.source = source
        self.sourceId = sourceId
    }
}
