extension Item {
    /// The property the display hints of the copy's catalog name as the title, where it holds text (F017); an
    /// item no copy handed out reads the built-in catalog's hints.
    public var title: String? {
        displayCatalog.titleField(of: type).flatMap { property($0)?.string }
    }

    /// The property the display hints of the copy's catalog name as the body, where it holds text (F017); an item
    /// no copy handed out reads the built-in catalog's hints.
    public var body: String? {
        displayCatalog.bodyField(of: type).flatMap { property($0)?.string }
    }

    /// Why the copy holds none of the item's properties, or nil when they were read (F018).
    ///
    /// The instance never keeps a row without its type's required fields, so empty properties on such a type mean
    /// the copy could not read what it was sent.
    public var unreadableProperties: String? {
        guard properties.isEmpty, let itemType = BuiltInCatalog.snapshot.itemType(type) else { return nil }
        let required = itemType.fields.filter(\.required).map(\.name)
        guard !required.isEmpty else { return nil }
        return "The copy holds none of this \(itemType.id)'s properties, though the type requires "
            + "\(required.sorted().joined(separator: ", ")); they could not be read."
    }
}
