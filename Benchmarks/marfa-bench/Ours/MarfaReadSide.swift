import MarfaEngine
import MarfaRules

/// The Marfa side of `list` and `search`: the one place to switch to the engine's indexed reads.
///
/// `CopyActor` has no `list`, `search` or indexes yet, so both functions here evaluate by brute force
/// (`BruteForceList` over `CopyState.items`, `SearchCorpus` over folded text) and every figure they give is
/// labelled `caveat`. They are never the engine's figures. When the engine exposes
/// `list(_ filters:, sort:)` and `search(_:filters:limit:)`, call them here and drop the caveat.
enum MarfaReadSide {
    /// The label every list and search figure of ours carries until the engine answers them.
    static let caveat = "brute-force, no index"

    /// The ids of one list query, fetched from the actor's state (the actor hop included).
    static func listByBruteForceWithoutIndex(_ query: BenchListQuery, copy: CopyActor) async -> [String] {
        let state = await copy.state
        return BruteForceList.evaluate(query, in: state)
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
