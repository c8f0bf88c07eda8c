import MarfaEngine
import MarfaRules

/// Every search query of the set: ours by brute force over a folded corpus (no index yet), the peer's trigram
/// table (substring semantics, gated) and porter table (word semantics, timed and counted, not gated).
enum SearchOperations {
    /// The result count of a search.
    static let limit = 20

    /// One operation per query; the check compares the full match sets of ours and trigram.
    static func make(_ context: BenchContext, corpus: SearchCorpus) -> [BenchOperation] {
        let scanFloor = Double(corpus.byteCount) / context.probes.memcpyBytesPerSecond
        return context.searchQueries.enumerated().map { position, query in
            let trigram = PeerSearchSQL.trigram(query.text, limit: limit)
            let porter = PeerSearchSQL.porter(query.text, limit: limit)
            return BenchOperation(
                name: "search/\(position)", group: "search",
                ours: BenchSide(
                    label: "marfa", caveat: MarfaReadSide.caveat, promise: "substring semantics, first 20 in id order",
                    run: { _ in
                        let found = MarfaReadSide.searchByBruteForceWithoutIndex(
                            query.text, corpus: corpus, limit: limit)
                        return found.total &+ found.ids.count
                    }),
                peers: [
                    BenchSide(
                        label: "sqlite trigram", promise: "substring semantics, top 20 by bm25",
                        run: { _ in
                            try context.peer.ids(trigram.sql, trigram.bindings).count
                        }),
                    BenchSide(
                        label: "sqlite porter", promise: "word/stem semantics (P-76), top 20 by bm25",
                        run: { _ in
                            try context.peer.ids(porter.sql, porter.bindings).count
                        }),
                ],
                warmup: 1, samples: context.plan.searchSamples,
                floor: Floor(
                    kind: .latency, value: scanFloor, basis: "brute-force ceiling: the whole corpus at memcpy speed"),
                check: { try check(query, corpus: corpus, context: context) },
                tags: [
                    "query": query.text, "band": query.band.rawValue, "length": String(query.length),
                    "kind": query.kind.rawValue, "hits": String(query.hits),
                ])
        }
    }

    /// The porter table's match count for each query (its semantics differ; reported, not gated).
    static func porterHits(_ context: BenchContext) throws -> [Int] {
        try context.searchQueries.map { query in
            let porter = PeerSearchSQL.porter(query.text, limit: nil)
            return try context.peer.ids(porter.sql, porter.bindings).count
        }
    }

    private static func check(_ query: BenchSearchQuery, corpus: SearchCorpus, context: BenchContext) throws {
        let ours = MarfaReadSide.searchAllByBruteForceWithoutIndex(query.text, corpus: corpus)
        let full = PeerSearchSQL.trigram(query.text, limit: nil)
        let theirs = Set(try context.peer.ids(full.sql, full.bindings))
        guard ours == theirs else {
            let onlyOurs = ours.subtracting(theirs).sorted().prefix(3)
            let onlyTheirs = theirs.subtracting(ours).sorted().prefix(3)
            throw BenchError(
                "correctness gate failed: search \"\(query.text)\" matches \(ours.count) items here and"
                    + " \(theirs.count) in the peer's trigram table (substring semantics).\n"
                    + "  only here: \(Array(onlyOurs))\n  only in the peer: \(Array(onlyTheirs))\n"
                    + "  SQL: \(full.sql)\n  bindings: \(full.bindings)")
        }
    }
}
