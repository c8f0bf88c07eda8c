import MarfaRules

extension CopyActor {
    /// How complete reads are now, or the refusal while the copy cannot answer (WC-4, seed 000 "While the copy fills").
    ///
    /// A store no server has touched is local and always whole; a bound copy answers once filled, says
    /// `.partial` during a fill, answers the rows it holds `.stale` while its cursor is let go and during an in-place
    /// refill (F023, F025, Decision 0109), refuses everything while never filled, and refuses `copyExpired` once
    /// expired by an accepted retype or source move (F029).
    package func readCompleteness() throws(MarfaError) -> Completeness {
        try ensureOpen()
        guard origin != nil else { return .complete }
        switch state.hydration {
        case .complete: return .complete
        case .inProgress: return isRefilling ? .stale : .partial
        case .never:
            throw MarfaError.hydrationIncomplete(message: "the copy has not been hydrated yet")
        case .expired:
            guard configuration.swiftFillRules else {
                throw MarfaError.hydrationIncomplete(message: "the copy expired; hydrate it again")
            }
            try refuseIfExpired()
            return .stale
        }
    }

    /// Throws `closed` once `close()` has begun (F120): a closed copy answers nothing; throws `invalid` while a key
    /// change runs (swift-api.md §2 "Keys").
    package func ensureOpen() throws(MarfaError) {
        if isClosed { throw MarfaError.closed(message: "this copy was closed") }
        if isChangingKey { throw MarfaError.invalid(message: "the copy is changing its key; ask again") }
    }

    /// One item in any state but the bin, or nil (WC-51); during a fill an item not yet arrived throws.
    package func readableItem(_ id: String) throws(MarfaError) -> Item? {
        let completeness = try readCompleteness()
        guard let item = state.items[id] else {
            if completeness == .partial {
                throw MarfaError.hydrationIncomplete(message: "item \(id) may still arrive: the copy is filling")
            }
            return nil
        }
        guard item.state != .trashed else { return nil }
        var hints = catalogHints
        return hints.stamp(item)
    }

    /// The items of many ids at one moment, each once, in first-named order; unknown ids left out.
    package func items(_ ids: [String], includingBin: Bool) throws(MarfaError) -> Rows<Item> {
        let completeness = try readCompleteness()
        var seen = Set<String>()
        var rows: [Item] = []
        var hints = catalogHints
        for id in ids where seen.insert(id).inserted {
            guard let item = state.items[id], includingBin || item.state != .trashed else { continue }
            rows.append(hints.stamp(item))
        }
        return Rows(rows: rows, completeness: completeness)
    }
}

extension CopyActor {
    /// The edges the copy holds starting at `id`, queued ones included (WC-47).
    package func edges(from id: String) throws(MarfaError) -> [Edge] {
        _ = try edgeReadCompleteness()
        return sortedEdges(state.edges.edges(from: id))
    }

    /// The edges the copy holds pointing at `id`, queued ones included (WC-47).
    package func edges(to id: String) throws(MarfaError) -> [Edge] {
        _ = try edgeReadCompleteness()
        return sortedEdges(state.edges.edges(to: id))
    }

    /// The edges of one type the copy holds.
    package func edges(ofType type: String) throws(MarfaError) -> [Edge] {
        _ = try edgeReadCompleteness()
        return sortedEdges(state.edges.edges(ofType: type))
    }

    /// The held edges of the given ids, each once, in first-named order.
    package func edges(_ ids: [String]) throws(MarfaError) -> [Edge] {
        _ = try edgeReadCompleteness()
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }.compactMap { state.edges[$0] }
    }

    /// Edge reads refuse during a fill, unlike item lists (seed 000, "While the copy fills").
    private func edgeReadCompleteness() throws(MarfaError) -> Completeness {
        let completeness = try readCompleteness()
        guard completeness == .complete else {
            throw MarfaError.hydrationIncomplete(message: "edges are read once the copy is whole")
        }
        return completeness
    }

    private func sortedEdges(_ edges: [Edge]) -> [Edge] {
        edges.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
    }
}

extension CopyActor {
    /// The items a `ListFilters` selects, in the `Sort`'s order (seed 000 "Filter and sort"). A `contains` the word
    /// index answers waits for a warm-up building it (Decision 0054), or reading it where it is stored (Decision 0071).
    package func list(_ filters: ListFilters, sort: Sort) async throws(MarfaError) -> Rows<Item> {
        if textIndexWarmUp != nil || storedWordIndex != nil, try readsWordIndex(filters, sort: sort) {
            await awaitTextIndexWarmUp()
        }
        let completeness = try readCompleteness()
        let prepared = try preparedList(filters, sort: sort)
        let query = prepared.query
        if case .property(let name) = query.field { preparePropertySort(name) }
        let evaluator = try ListEvaluator(query: query, catalog: state.catalog, state: state)
        for condition in ContainsCandidates.required(by: query) {
            if ContainsCandidates.readsOwnIndex(condition.property, catalog: state.catalog) {
                preparePropertyWords(condition.property)
            } else {
                prepareTextIndex()
            }
        }
        for condition in EqualityCandidates.required(by: query) {
            indexes.buildPropertyValues(condition.property, state: state)
        }
        let keptTypes = prepared.keptTypes(indexes.facts, catalog: state.catalog)
        let indexed = IndexedList(query: query, evaluator: evaluator, keptTypes: keptTypes)
            .rows(items: state.items, catalog: state.catalog, indexes: indexes)
        var hints = catalogHints
        let rows = (indexed ?? evaluator.rows(state: state)).map { hints.stamp($0) }
        return Rows(rows: rows, completeness: completeness)
    }

    /// Whether listing `filters` reads the word index (a `contains` on a property without a word index of its own).
    private func readsWordIndex(_ filters: ListFilters, sort: Sort) throws(MarfaError) -> Bool {
        ContainsCandidates.required(by: try listQuery(filters, sort: sort)).contains {
            !ContainsCandidates.readsOwnIndex($0.property, catalog: state.catalog)
        }
    }

    /// `filters` and `sort` parsed under the copy's catalog, within its slice when it is bound to an instance.
    func listQuery(_ filters: ListFilters, sort: Sort) throws(MarfaError) -> ListQuery {
        try preparedList(filters, sort: sort).query
    }

    /// How many lists the copy keeps checked and parsed (Decision 0066).
    var preparedListCount: Int { preparedLists.count }

    /// `filters` and `sort` checked and parsed as `listQuery` does, kept for the next time they are asked
    /// (Decision 0066).
    private func preparedList(_ filters: ListFilters, sort: Sort) throws(MarfaError) -> PreparedList {
        try preparedLists.list(filters, sort: sort, catalog: state.catalog, slice: origin == nil ? nil : state.slice)
    }

    /// The estimated heap bytes of the property value indexes `eq` lists built (Decision 0050), nil before any (for
    /// the benchmark's memory facts).
    package func propertyValueIndexBytes() -> Int? {
        indexes.propertyValues.byteCount == 0 ? nil : indexes.propertyValues.byteCount
    }
}
