import MarfaRules

extension CopyActor {
    /// Searches the indexed text (name, other text properties, tags) of every row out of the bin, best match first
    /// (seed 000 "Read items", WC-52, WC-54): candidates from the word index with every term's count, each scored
    /// by bm25 from its counts and length (a term of several words bounded by its least frequent word), then
    /// verified best bound first (a long row's word pair filter asked, the item read, a phrase counted in its
    /// search text, the filters checked) until no bound left can enter the best `limit`. Only a query with a term
    /// of several words reads a candidate's text, and only a candidate verified whose pair filter, if any, lets it.
    ///
    /// The first search builds the word index, or waits for the warm-up building it off the actor (Decision 0054);
    /// later writes keep it current. Each hit lays out its excerpt when read.
    package func search(_ text: String, filters: SearchFilters, limit: Int) async throws(MarfaError)
        -> Rows<SearchHit>
    {
        let search = SearchQuery(text)
        if !search.isEmpty && limit > 0 { await awaitTextIndexWarmUp() }
        let completeness = try readCompleteness()
        let query = try listQuery(filters.asListFilters, sort: Sort())
        let evaluator = try ListEvaluator(query: query, catalog: state.catalog, state: state)
        guard !search.isEmpty, limit > 0 else { return Rows(rows: [], completeness: completeness) }
        prepareTextIndex()
        guard let index = indexes.words else { return Rows(rows: [], completeness: completeness) }
        let candidates = SearchCandidates(search, in: index)
        let scorer = SearchScorer(
            rowCount: index.rowCount, totalLength: index.totalLength, termRowCounts: candidates.termRowCounts)
        var counts = [Int](repeating: 0, count: search.terms.count)
        var bounds: [Double] = []
        bounds.reserveCapacity(candidates.rows.count)
        for (position, row) in candidates.rows.enumerated() {
            candidates.fill(&counts, at: position)
            bounds.append(scorer.score(termCounts: counts, length: index.length(of: row)))
        }
        var best = SearchTopHits(limit: limit)
        func verify(_ position: Int) {
            let row = candidates.rows[position]
            candidates.fill(&counts, at: position)
            guard best.admits(bounds[position], id: { state.items[row: row]?.id }),
                candidates.mayHoldPhrases(row, in: index), let item = item(at: row),
                !candidates.countsInText
                    || candidates.countExactly(&counts, fields: SearchFields.of(item, state.catalog)),
                evaluator.matches(item)
            else { return }
            let score = scorer.score(termCounts: counts, length: index.length(of: row))
            best.insert(item, score: score, matches: counts.reduce(0, +))
        }
        if candidates.rows.count <= 4 * limit {
            // Few candidates: each is read anyway, in row order.
            for position in candidates.rows.indices { verify(position) }
        } else {
            // Best bound first: a phrase's bound is no lower than its exact count's score, so once the top hits
            // are full and the next bound is below the worst kept, no candidate left can enter; none of them has
            // its item read, its phrases counted or its filters checked.
            var order = SearchBoundOrder(bounds: bounds)
            while let bound = order.nextBound, !best.excludes(bound), let position = order.next() { verify(position) }
        }
        var hints = catalogHints
        let hits = best.entries.map { entry in
            SearchHit(
                item: hints.stamp(entry.item), score: entry.score,
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
