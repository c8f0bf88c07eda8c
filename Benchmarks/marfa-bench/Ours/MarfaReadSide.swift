import MarfaEngine
import MarfaRules

/// The Marfa side of `list` and `search`: the one place the runner calls the engine's reads.
///
/// Lists go through `CopyActor.list(_:sort:)`, which walks the time sort index; search through
/// `CopyActor.search(_:filters:limit:)`, which reads the word index.
enum MarfaReadSide {
    /// What a write costs the text indexes the read side built: a mark, with the re-index deferred to the next read
    /// that needs it, where the peer's FTS variants re-index in the write's own transaction.
    static let textIndexNote =
        "ours marks the written rows in its word index; the next search or contains list re-indexes"
        + " them in one batch (Decision 0016)"

    /// One list query as the engine's request: its filters and sort, built once so a timed call pays only the
    /// list itself (as the peer's statement is prepared once).
    struct ListRequest: Sendable {
        /// The filters.
        let filters: ListFilters
        /// The order.
        let sort: Sort
        /// The `beneath` root, which the engine lists and the peer does not.
        let root: String?
        /// The rows wanted, or nil for all.
        let limit: Int?
    }

    /// The engine's request for one list query.
    static func request(_ query: BenchListQuery) -> ListRequest {
        var conditions: [FilterCondition] = []
        if let property = query.property {
            conditions.append(FilterCondition(
                field: .property(property.name), operator: property.op == .equals ? .eq : .contains,
                value: .text(property.value)))
        }
        let field: SortField
        switch query.sort {
        case .createdAt: field = .createdAt
        case .updatedAt: field = .updatedAt
        case .occurredAt: field = .occurredAt
        }
        let root = query.beneath
        let filters = ListFilters(
            types: query.types.isEmpty ? nil : Set(query.types), states: Set(query.states), tier: query.tier,
            tags: query.tags, occurredAfter: query.occurredAfter, occurredBefore: query.occurredBefore,
            filter: conditions.isEmpty ? nil : try? FilterExpression(conditions: conditions).encoded(),
            beneath: root, limit: query.limit.map { UInt32($0 + (root == nil ? 0 : 1)) },
            offset: query.offset == 0 ? nil : UInt32(query.offset))
        return ListRequest(
            filters: filters, sort: Sort(field: field, direction: query.descending ? .descending : .ascending),
            root: root, limit: query.limit)
    }

    /// The ids of one list query, answered by the engine's indexed list (the actor hop included). Without a
    /// `beneath` root the engine's page is the answer, mapped to ids once; with one, the root is left out and the
    /// page cut to the limit (the request asked for one more row).
    static func list(_ request: ListRequest, copy: CopyActor) async -> [String] {
        guard let rows = try? await copy.list(request.filters, sort: request.sort) else { return [] }
        guard let root = request.root else { return rows.rows.map { $0.id } }
        // Closures, not key paths: a lazy map through `\.id` projected each id at run time (8 % of a `beneath`).
        let ids = rows.rows.lazy.map { $0.id }.filter { $0 != root }
        return request.limit.map { Array(ids.prefix($0)) } ?? Array(ids)
    }

    /// The brute-force corpus, folded once from the actor's state: the query set's hit counts and the ceiling.
    static func searchCorpus(copy: CopyActor) async -> SearchCorpus {
        let state = await copy.capturedState()
        return SearchCorpus(items: state.items.values)
    }

    /// The engine's search for `query` with the default filters (active items), the best `limit` hits' ids in
    /// rank order (the actor hop included).
    static func search(_ query: String, copy: CopyActor, limit: Int) async throws -> [String] {
        try await copy.search(query, filters: SearchFilters(), limit: limit).rows.map(\.item.id)
    }
}
