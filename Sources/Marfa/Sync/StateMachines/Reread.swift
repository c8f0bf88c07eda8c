/// What an update asks the app to read again: everything, or the parts it names.
public enum Reread: Sendable, Hashable {
    /// Read everything again: the first update, a refill, or more than 1,000 changed rows.
    case everything
    /// Read again only the named rows, and the queue, views or catalog when set.
    case parts(Parts)

    /// The parts of a copy an update can name.
    public struct Parts: Sendable, Hashable {
        /// The items and edges that changed or went away.
        public var rows: ChangedRows
        /// Whether the queue changed.
        public var queue: Bool
        /// Whether this copy wrote a view; a view another device writes arrives in `rows`.
        public var views: Bool
        /// Whether the type catalog changed.
        public var catalog: Bool

        /// Makes the parts to read again; nothing is named unless given.
        public init(rows: ChangedRows = ChangedRows(), queue: Bool = false, views: Bool = false, catalog: Bool = false)
        {
            self.rows = rows
            self.queue = queue
            self.views = views
            self.catalog = catalog
        }

        /// Whether nothing is named.
        public var isEmpty: Bool { rows.isEmpty && !queue && !views && !catalog }
    }

    /// Whether there is nothing to read again, as when only the connection, fill or last sync changed.
    public var isEmpty: Bool {
        switch self {
        case .everything: return false
        case .parts(let parts): return parts.isEmpty
        }
    }
}
