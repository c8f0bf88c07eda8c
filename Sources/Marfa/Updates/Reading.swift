/// What a `LiveQuery` reads: a list, a search, one item, the queue, or any read given as a closure (seed 003).
public struct Reading<Value: Sendable>: Sendable {
    /// The value shown before the first read ends.
    public let placeholder: Value
    let read: @Sendable (WorkingCopy) async throws -> Value

    /// A reading of any value, from a closure that only reads.
    public init(placeholder: Value, _ read: @escaping @Sendable (WorkingCopy) async throws -> Value) {
        self.placeholder = placeholder
        self.read = read
    }
}

extension Reading where Value == Rows<Item> {
    /// The items a list selects; empty and `.partial` until the first read ends.
    public static func list(_ filters: ListFilters = ListFilters(), sort: Sort = Sort()) -> Reading {
        Reading(placeholder: Rows(rows: [], completeness: .partial)) { copy in
            try await copy.items.list(filters, sort: sort)
        }
    }
}

extension Reading where Value == Rows<SearchHit> {
    /// A search's hits; empty and `.partial` until the first read ends.
    public static func search(_ query: String, filters: SearchFilters = SearchFilters(), limit: Int = 20) -> Reading {
        Reading(placeholder: Rows(rows: [], completeness: .partial)) { copy in
            try await copy.search(query, filters: filters, limit: limit)
        }
    }
}

extension Reading where Value == Item? {
    /// One item; while the copy fills, an item not yet arrived fails with `hydrationIncomplete`.
    public static func item(_ id: String) -> Reading {
        Reading(placeholder: nil) { copy in try await copy.items.get(id) }
    }
}

extension Reading where Value == [QueuedWrite] {
    /// The queue.
    public static var queue: Reading {
        Reading(placeholder: []) { copy in try await copy.queue.all() }
    }
}
