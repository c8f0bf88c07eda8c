import MarfaRules

extension CopyActor {
    /// Searches the indexed text (name, other text properties, tags) of every row out of the bin, best match first
    /// (seed 000 "Read items", WC-52, WC-54): candidates from the word index, a term of several words counted in
    /// the row's word sequence only when its bound could still enter, ranked by bm25, the best `limit` kept as
    /// they come. No candidate's text is read.
    ///
    /// The first search builds the word index; later writes keep it current. Each hit lays out its excerpt when read.
    package func search(_ text: String, filters: SearchFilters, limit: Int) throws(MarfaError) -> Rows<SearchHit> {
        let completeness = try readCompleteness()
        let query = try ListQuery(
            filters.asListFilters, sort: Sort(), catalog: state.catalog, slice: origin == nil ? nil : state.slice)
        let evaluator = try ListEvaluator(query: query, state: state)
        let search = SearchQuery(text)
        guard !search.isEmpty, limit > 0 else { return Rows(rows: [], completeness: completeness) }
        prepareTextIndex()
        guard let index = indexes.words else { return Rows(rows: [], completeness: completeness) }
        let candidates = SearchCandidates(search, in: index)
        let scorer = SearchScorer(
            rowCount: index.rowCount, totalLength: index.totalLength, termRowCounts: candidates.termRowCounts)
        var best = SearchTopHits(limit: limit)
        var counts = [Int](repeating: 0, count: search.terms.count)
        var cursors = candidates.startCursors
        for (position, row) in candidates.rows.enumerated() {
            // A phrase's bound gives a score no lower than its exact count's, so a row it keeps out cannot enter,
            // and its word sequence is never read.
            candidates.fill(&counts, at: position, cursors: &cursors)
            let length = index.length(of: row)
            guard best.admits(scorer.score(termCounts: counts, length: length), id: { state.items[row: row]?.id }),
                candidates.countExactly(&counts, row: row, in: index), let item = item(at: row),
                evaluator.matches(item)
            else { continue }
            best.insert(item, score: scorer.score(termCounts: counts, length: length), matches: counts.reduce(0, +))
        }
        let hits = best.entries.map { entry in
            SearchHit(
                item: entry.item, score: entry.score,
                titleField: state.catalog.titleField(of: entry.item.type) ?? "title", query: search,
                matches: entry.matches)
        }
        return Rows(rows: hits, completeness: completeness)
    }

    /// The item of an indexed row, unless it is in the bin (never searched, WC-52).
    private func item(at row: RowID) -> Item? {
        guard let item = state.items[row: row], item.state != .trashed else { return nil }
        return item
    }
}
