import MarfaEngine
import MarfaRules

/// Every search query of the set: the engine's search, gated against the peer's words table (the agreed word
/// semantics, `SearchSemantics`), and timed beside the trigram table (substrings) and the porter table (stems).
enum SearchOperations {
    /// The result count of a search.
    static let limit = 20
    /// A limit above any hit count, for the gate's full match sets.
    static let unlimited = 1 << 30

    /// One operation per query; the check compares the full match sets of ours and the words table.
    static func make(_ context: BenchContext, corpus: SearchCorpus) -> [BenchOperation] {
        let scanFloor = Double(corpus.byteCount) / context.probes.memcpyBytesPerSecond
        let copy = context.marfa.copy
        return context.searchQueries.enumerated().map { position, query in
            let trigram = PeerSearchSQL.trigram(query.text, limit: limit)
            let porter = PeerSearchSQL.porter(query.text, limit: limit)
            let words = PeerSearchSQL.words(query.text, limit: limit)
            return BenchOperation(
                name: "search/\(position)", group: "search",
                ours: BenchSide(
                    label: "marfa", promise: "word semantics, top 20 by bm25 (the engine's search)",
                    run: { _ in try await MarfaReadSide.search(query.text, copy: copy, limit: limit).count }),
                peers: [
                    BenchSide(
                        label: "sqlite trigram", promise: "substring semantics, top 20 by bm25",
                        run: { _ in try context.peer.ids(trigram.sql, trigram.bindings).count }),
                    BenchSide(
                        label: "sqlite porter", promise: "word/stem semantics, top 20 by bm25",
                        run: { _ in try context.peer.ids(porter.sql, porter.bindings).count }),
                    BenchSide(
                        label: "sqlite words", promise: "word semantics (gated), top 20 by bm25",
                        run: { _ in try context.peer.ids(words.sql, words.bindings).count }),
                ],
                warmup: 1, samples: context.plan.searchSamples,
                floor: Floor(
                    kind: .latency, value: scanFloor, basis: "brute-force ceiling: the whole corpus at memcpy speed"),
                check: { try await check(query, context: context) },
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

    private static func check(_ query: BenchSearchQuery, context: BenchContext) async throws {
        let ours = try await MarfaReadSide.search(query.text, copy: context.marfa.copy, limit: unlimited)
        let full = PeerSearchSQL.words(query.text, limit: nil)
        let theirs = Set(try context.peer.ids(full.sql, full.bindings))
        guard Set(ours) == theirs, ours.count == theirs.count else {
            let onlyOurs = Set(ours).subtracting(theirs).sorted().prefix(3)
            let onlyTheirs = theirs.subtracting(ours).sorted().prefix(3)
            throw BenchError(
                "correctness gate failed: search \"\(query.text)\" matches \(ours.count) items here and"
                    + " \(theirs.count) in the peer's words table (word semantics, SearchSemantics).\n"
                    + "  only here: \(Array(onlyOurs))\n  only in the peer: \(Array(onlyTheirs))\n"
                    + "  SQL: \(full.sql)\n  bindings: \(full.bindings)")
        }
    }
}
