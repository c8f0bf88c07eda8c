/// A position in an ordered index: a sort text (such as `created_at`) and the row id that breaks ties.
package struct RowKey: Sendable, Hashable, Comparable {
    /// The text rows are ordered by, compared by bytes.
    package var text: String
    /// The row's id, compared by bytes after the text.
    package var id: String

    /// Makes a key.
    package init(_ text: String, _ id: String) {
        self.text = text
        self.id = id
    }

    /// Orders by text, then id, both by UTF-8 bytes.
    package static func < (lhs: RowKey, rhs: RowKey) -> Bool {
        if lhs.text != rhs.text { return lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8) }
        return lhs.id.utf8.lexicographicallyPrecedes(rhs.id.utf8)
    }
}
