/// The text a row is searched by, in `SearchField` order: its name, its other text properties, its tags (P-78).
package enum SearchFields {
    /// The three fields of an item, its type's title field read from `catalog`.
    package static func of(_ item: Item, _ catalog: CatalogSnapshot) -> [String] {
        of(item, titleField: catalog.titleField(of: item.type) ?? "title")
    }

    /// The three fields of an item whose title is the property `titleField`: the title, every other string property
    /// but a thumbnail (sorted by name, one line each), the tags joined by spaces.
    package static func of(_ item: Item, titleField: String) -> [String] {
        let title = item.property(titleField)?.string ?? ""
        var texts: [String] = []
        item.forEachProperty { name, value in
            if name != titleField && name != "thumbnail", let text = value.string { texts.append(text) }
        }
        // One text is the body as it is: no join, so no copy.
        let body = texts.count == 1 ? texts[0] : texts.joined(separator: "\n")
        return [title, body, item.tags.joined(separator: " ")]
    }

    /// Whether `a` and `b` are sure to have the same fields, judged from what the fields are built from (type,
    /// tags, string properties) without building them; a false answer may still mean equal fields.
    package static func haveSameInputs(_ a: Item, _ b: Item) -> Bool {
        guard a.type == b.type, a.tags == b.tags else { return false }
        var same = true
        a.forEachProperty { name, value in same = same && value.string == b.property(name)?.string }
        b.forEachProperty { name, value in same = same && (value.string == nil || a.property(name) != nil) }
        return same
    }
}
