import MarfaEngine
import MarfaRules

/// The Marfa side of `list` and `search`: the one place the runner calls the engine's reads.
///
/// Lists go through `CopyActor.list(_:sort:)`, which walks the time sort index. Search stays a brute-force
/// substring scan (`SearchCorpus`, labelled `caveat`), because the gate's agreed semantics are the trigram peer's
/// substrings while the engine answers the instance's word and prefix semantics; its figures are never the
/// engine's search.
enum MarfaReadSide {
    /// The label every search figure of ours carries until the gate shares the engine's search semantics.
    static let caveat = "brute-force substring scan, not the engine's search"

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

    /// The ids of one list query, answered by the engine's indexed list (the actor hop included).
    static func list(_ request: ListRequest, copy: CopyActor) async -> [String] {
        guard let rows = try? await copy.list(request.filters, sort: request.sort) else { return [] }
        let ids = rows.rows.map(\.id).filter { $0 != request.root }
        return request.limit.map { Array(ids.prefix($0)) } ?? ids
    }

    /// The corpus a brute-force search scans, folded once from the actor's state (its build time is reported).
    static func searchCorpusWithoutIndex(copy: CopyActor) async -> SearchCorpus {
        let state = await copy.state
        return SearchCorpus(items: state.items.values)
    }

    /// The first `limit` matches of `query` (id order, no ranking) and the number of matches.
    static func searchByBruteForceWithoutIndex(
        _ query: String, corpus: SearchCorpus, limit: Int
    ) -> (ids: [String], total: Int) {
        let found = corpus.matches(query)
        return (found.prefix(limit).map { corpus.ids[$0] }, found.count)
    }

    /// Every id `query` matches, for the correctness gate.
    static func searchAllByBruteForceWithoutIndex(_ query: String, corpus: SearchCorpus) -> Set<String> {
        Set(corpus.matches(query).map { corpus.ids[$0] })
    }
}
