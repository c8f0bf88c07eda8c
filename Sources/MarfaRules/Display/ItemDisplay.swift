/// An item's name and preview as every app shows them (F093): computed by `DisplayRule` from the catalog's hints.
public struct ItemDisplay: Sendable, Hashable, Codable {
    /// The item's id, or nil for an item not yet saved that has none.
    public let id: String?
    /// The item's name; nil where the instance would say "Untitled", so the app shows its own words.
    public let name: String?
    /// The item's body field with its Markdown removed, at most 240 characters; nil when there is no text.
    public let preview: String?

    /// Makes a display.
    public init(id: String?, name: String?, preview: String?) {
        self.id = id
        self.name = name
        self.preview = preview
    }
}
