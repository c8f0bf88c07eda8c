import MarfaEngine
import MarfaRules

/// Every list query of the set, ours through the engine's indexed list against the peer's indexed SQL.
enum ListOperations {
    /// One operation per list query; the check compares the id sequences.
    static func make(_ context: BenchContext) async -> [BenchOperation] {
        let state = await context.marfa.copy.capturedState()
        return context.listQueries.map { query in
            let (sql, bindings) = PeerListSQL.make(query)
            let visited = BruteForceList.visitedEntries(query, in: state)
            let pageCopy = Double(min(query.limit ?? visited, visited)) * 20e-9
            let floor = Double(visited) * context.probes.pointerChaseNanoseconds / 1e9 + pageCopy
            let unbounded = query.limit == nil
            let request = MarfaReadSide.request(query)
            return BenchOperation(
                name: "list/\(query.name)", group: "list",
                ours: BenchSide(
                    label: "marfa",
                    run: { _ in
                        let ids = await MarfaReadSide.list(request, copy: context.marfa.copy)
                        return ids.count &+ (ids.first?.utf8.count ?? 0)
                    }),
                peers: [
                    BenchSide(
                        label: "sqlite",
                        run: { _ in
                            let ids = try context.peer.ids(sql, bindings)
                            return ids.count &+ (ids.first?.utf8.count ?? 0)
                        })
                ],
                warmup: unbounded ? 1 : context.plan.listWarmup,
                samples: unbounded ? max(1, context.plan.listSamples / 3) : context.plan.listSamples,
                moreSamples: unbounded ? nil : context.plan.moreListSamples,
                floor: Floor(
                    kind: .latency, value: floor,
                    basis: "\(visited) index entries visited × one cache miss + copying the page"),
                check: { try await check(query, sql: sql, bindings: bindings, context: context) },
                tags: ["query": query.name, "visited": String(visited)])
        }
    }

    private static func check(
        _ query: BenchListQuery, sql: String, bindings: [String], context: BenchContext
    ) async throws {
        let ours = await MarfaReadSide.list(MarfaReadSide.request(query), copy: context.marfa.copy)
        let theirs = try context.peer.ids(sql, bindings)
        guard ours == theirs else {
            let position =
                zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(ours.count, theirs.count)
            throw BenchError(
                "correctness gate failed: list \(query.name) returns \(ours.count) ids here and \(theirs.count) in the"
                    + " peer; they first differ at position \(position)"
                    + " (\(position < ours.count ? ours[position] : "end") vs"
                    + " \(position < theirs.count ? theirs[position] : "end"))\n  SQL: \(sql)\n  bindings: \(bindings)")
        }
    }
}
