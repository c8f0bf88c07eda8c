/// The tags and extensions an item frame carries for its row (P-56), extensions filtered to the reader.
package struct EventMetadata: Sendable, Hashable {
    /// The item's tags, in the order they were added.
    package var tags: [String]
    /// The extensions the key reads, by namespace.
    package var extensions: [String: JSONObject]

    /// Makes metadata from tags and extensions.
    package init(tags: [String] = [], extensions: [String: JSONObject] = [:]) {
        self.tags = tags
        self.extensions = extensions
    }
}
