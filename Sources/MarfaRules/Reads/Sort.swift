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
///
/// A hit the engine makes lays out its excerpt when `snippet` or `excerpt` is read (each read lays it out anew
/// from the item's search fields), so a page of hits costs only the index work until it is shown.
public struct SearchHit: Sendable, Hashable {
    /// The matching item.
    public var item: Item
    /// The bm25-style score; higher is better.
    public var score: Double
    /// Where the excerpt comes from.
    private var display: Display

    /// An HTML excerpt with the matched runs marked, text escaped.
    public var snippet: String {
        get {
            switch display {
            case .fixed(let snippet, _): return snippet
            case .deferred: return SearchExcerpt.html(excerpt)
            }
        }
        set { display = .fixed(snippet: newValue, excerpt: excerpt) }
    }

    /// The same excerpt as runs, so an app draws matches its own way.
    public var excerpt: [Run] {
        get {
            switch display {
            case .fixed(_, let excerpt): return excerpt
            case .deferred(let titleField, let query, let matches):
                return SearchExcerpt.excerpt(
                    of: SearchFields.of(item, titleField: titleField), query: query, totalMatches: matches)
            }
        }
        set { display = .fixed(snippet: snippet, excerpt: newValue) }
    }

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

    /// A fixed excerpt, or what lays it out when read.
    private enum Display: Sendable, Hashable {
        case fixed(snippet: String, excerpt: [Run])
        case deferred(titleField: String, query: SearchQuery, matches: Int?)
    }

    /// Makes a hit.
    public init(item: Item, score: Double, snippet: String, excerpt: [Run]) {
        self.item = item
        self.score = score
        self.display = .fixed(snippet: snippet, excerpt: excerpt)
    }

    /// Makes a hit whose excerpt is laid out when read, from the item's search fields (`titleField` naming its
    /// title) for `query`, whose terms occur `matches` times in them when known.
    package init(item: Item, score: Double, titleField: String, query: SearchQuery, matches: Int?) {
        self.item = item
        self.score = score
        self.display = .deferred(titleField: titleField, query: query, matches: matches)
    }

    /// Hits are equal when their items, scores and excerpts are.
    public static func == (left: SearchHit, right: SearchHit) -> Bool {
        left.item == right.item && left.score == right.score && left.excerpt == right.excerpt
    }

    /// Hashes the item, the score and the excerpt.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(item)
        hasher.combine(score)
        hasher.combine(excerpt)
    }
}
