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
        // Equal when their string properties are the same names with the same texts: one walk over the two sorted
        // member lists, skipping other values, stopping at the first difference.
        let leftCount = a.propertyCount
        let rightCount = b.propertyCount
        var i = 0
        var j = 0
        while true {
            while i < leftCount, a.propertyMember(ascending: i).value.string == nil { i += 1 }
            while j < rightCount, b.propertyMember(ascending: j).value.string == nil { j += 1 }
            guard i < leftCount, j < rightCount else { return i == leftCount && j == rightCount }
            let left = a.propertyMember(ascending: i)
            let right = b.propertyMember(ascending: j)
            guard left.key == right.key, left.value.string == right.value.string else { return false }
            i += 1
            j += 1
        }
    }
}
