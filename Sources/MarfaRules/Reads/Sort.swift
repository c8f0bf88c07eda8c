/// The field a list is ordered by.
public enum SortField: Sendable, Hashable {
    /// When the item was created.
    case createdAt
    /// When the item last changed.
    case updatedAt
    /// The item's own time.
    case occurredAt
    /// A top-level property, by name.
    case property(name: String)
}

/// The direction of a list's order.
public enum SortDirection: String, Sendable, Hashable, Codable {
    /// Smallest first.
    case ascending
    /// Largest first.
    case descending
}

/// How a list is ordered: a field, a direction, both or neither (newest created first by default).
public struct Sort: Sendable, Hashable {
    /// The field, or nil for the default.
    public var field: SortField?
    /// The direction, or nil for the field's default.
    public var direction: SortDirection?

    /// Makes a sort.
    public init(field: SortField? = nil, direction: SortDirection? = nil) {
        self.field = field
        self.direction = direction
    }
}

/// One hit of a search: the item, how well it matched, and where.
public struct SearchHit: Sendable, Hashable {
    /// The matching item.
    public var item: Item
    /// The bm25-style score; higher is better.
    public var score: Double
    /// An HTML excerpt with the matched runs marked, text escaped.
    public var snippet: String
    /// The same excerpt as runs, so an app draws matches its own way.
    public var excerpt: [Run]

    /// A piece of an excerpt: text, and whether it matched.
    public struct Run: Sendable, Hashable {
        /// The run's text.
        public var text: String
        /// Whether the run matched the query.
        public var isMatch: Bool

        /// Makes a run.
        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// Makes a hit.
    public init(item: Item, score: Double, snippet: String, excerpt: [Run]) {
        self.item = item
        self.score = score
        self.snippet = snippet
        self.excerpt = excerpt
    }
}
