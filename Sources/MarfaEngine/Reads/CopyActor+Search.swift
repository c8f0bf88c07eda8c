import MarfaRules

extension CopyActor {
    /// Searches the indexed text (name, other text properties, tags) of every row out of the bin, best match first
    /// (seed 000 "Read items", WC-52, WC-54): trigram candidates, verified against the text, ranked by bm25.
    ///
    /// The first search builds the text index; later writes keep it current.
    package func search(_ text: String, filters: SearchFilters, limit: Int) throws(MarfaError) -> Rows<SearchHit> {
        let completeness = try readCompleteness()
        let query = try ListQuery(
            filters.asListFilters, sort: Sort(), catalog: state.catalog, slice: origin == nil ? nil : state.slice)
        let evaluator = try ListEvaluator(query: query, state: state)
        let search = SearchQuery(text)
        guard !search.isEmpty, limit > 0 else { return Rows(rows: [], completeness: completeness) }
        prepareTextIndex()
        guard let index = indexes.text else { return Rows(rows: [], completeness: completeness) }
        let candidates = index.candidates(for: search)
        let scorer = SearchScorer(
            rowCount: index.rowCount, totalLength: index.totalLength,
            termRowCounts: search.patterns.map { index.candidates(for: $0)?.count ?? index.rowCount })
        var scored: [(score: Double, item: Item)] = []
        let rows: [RowID] = candidates.map(\.rows) ?? state.items.rows.map(\.row)
        for row in rows {
            guard let item = state.items[row: row], item.state != .trashed,
                evaluator.matches(item)
            else { continue }
            let fields = SearchFields.of(item, state.catalog)
            guard let frequencies = search.frequencies(in: fields) else { continue }
            scored.append((scorer.score(frequencies: frequencies, length: index.length(of: row)), item))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.item.id < $1.item.id }
        let hits = scored.prefix(limit).map { entry in
            let fields = SearchFields.of(entry.item, state.catalog)
            return SearchHit(
                item: entry.item, score: entry.score, snippet: SearchExcerpt.snippet(of: fields, query: search),
                excerpt: SearchExcerpt.excerpt(of: fields, query: search))
        }
        return Rows(rows: Array(hits), completeness: completeness)
    }
}
