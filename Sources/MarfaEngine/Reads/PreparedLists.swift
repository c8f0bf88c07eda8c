import MarfaRules

/// The lists a copy was asked for lately, each checked and parsed once and kept with what it compiles to, as a
/// prepared statement is: a list asked again (a view refreshing its rows) skips the checks, the time parsing and
/// the type matching (Decision 0066).
///
/// Only what the request, the catalog and the slice decide is kept, never rows: a kept list reads the indexes as
/// they are at each call. Another catalog or slice than the one the lists were checked under empties the set.
struct PreparedLists {
    /// The most lists kept; one more empties the set, as the lists a program asks are few and asked again.
    static let capacity = 64

    /// What a list is kept by: the request as asked.
    private struct Request: Hashable {
        let filters: ListFilters
        let sort: Sort
    }

    private var lists: [Request: PreparedList] = [:]
    /// The catalog the kept lists were checked under.
    private var catalog: CatalogSnapshot?
    /// The slice the kept lists were checked within (nil for a local copy).
    private var slice: Slice?

    /// How many lists are kept.
    var count: Int { lists.count }

    /// The prepared list for `filters` and `sort` under `catalog` and `slice`, checked and kept on its first
    /// request; a refusal is thrown each time and not kept.
    /// - Complexity: O(1) expected for a kept list with the same catalog and slice (their storage compared by
    ///   identity first); a new catalog or slice compares them whole once.
    mutating func list(
        _ filters: ListFilters, sort: Sort, catalog: CatalogSnapshot, slice: Slice?
    ) throws(MarfaError) -> PreparedList {
        if self.catalog != catalog || self.slice != slice { lists.removeAll() }
        // Kept even when equal, so an equal catalog held in other storage is compared by identity from now on.
        self.catalog = catalog
        self.slice = slice
        let request = Request(filters: filters, sort: sort)
        if let kept = lists[request] { return kept }
        let prepared = PreparedList(try ListQuery(filters, sort: sort, catalog: catalog, slice: slice))
        if lists.count >= Self.capacity { lists.removeAll() }
        lists[request] = prepared
        return prepared
    }
}

/// One list request checked and parsed (`query`), with the type codes it keeps worked out once per list of type
/// names the row facts hold.
final class PreparedList {
    /// The checked request.
    let query: ListQuery
    /// The type codes kept, as last worked out.
    private var keptTypes: KeptTypes?

    /// Prepares `query`.
    init(_ query: ListQuery) {
        self.query = query
    }

    /// Which of `facts`' type codes the list keeps under `catalog` (the catalog it was checked under); worked out
    /// again only when the facts' type names differ from last time's (their storage compared by identity first).
    func keptTypes(_ facts: RowFacts, catalog: CatalogSnapshot) -> KeptTypes {
        if let keptTypes, keptTypes.typeNames == facts.typeNames { return keptTypes }
        let fresh = KeptTypes(query: query, typeNames: facts.typeNames, catalog: catalog)
        keptTypes = fresh
        return fresh
    }
}
