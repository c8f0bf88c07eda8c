import MarfaEngine
import MarfaRules

/// Get by id, and the empty actor round-trip it includes.
enum GetOperations {
    /// An actor call that does no work (`readCompleteness` of a local store): the hop every read pays.
    static func emptyRoundTrip(_ context: BenchContext) -> BenchOperation {
        let marfa = context.marfa
        return BenchOperation(
            name: "get/empty-actor-round-trip", group: "get",
            ours: BenchSide(
                label: "marfa",
                run: { _ in
                    let completeness = try await marfa.copy.readCompleteness()
                    return completeness == .complete ? 1 : 0
                }),
            peers: [], warmup: 1000, samples: context.plan.gets,
            notes: ["an actor method that returns at once, from a task on the cooperative pool"])
    }

    /// `get(id)` over random ids (3 % are in the bin and read as absent on both sides).
    ///
    /// The ids are picked before timing, into one array: picking one inside the timed call read a random dataset
    /// item (a cold object, then its id) on both sides, runner work that is no part of a get.
    static func byId(_ context: BenchContext, hop: Double) -> BenchOperation {
        let marfa = context.marfa
        let peer = context.peer
        let warmup = 1000
        let ids = (0..<(warmup + context.plan.gets)).map(context.datasetId)
        let floor = 4 * context.probes.pointerChaseNanoseconds / 1e9 + hop
        return BenchOperation(
            name: "get/by-id", group: "get",
            ours: BenchSide(
                label: "marfa",
                run: { index in
                    let item = try await marfa.copy.readableItem(ids[index])
                    return Int(item?.version ?? -1)
                }),
            peers: [
                BenchSide(
                    label: "sqlite", promise: "row + tags into Swift strings, properties left as JSON text",
                    run: { index in Int(try peer.get(ids[index])?.version ?? -1) })
            ],
            warmup: warmup, samples: context.plan.gets,
            floor: Floor(
                kind: .latency, value: floor,
                basis: "4 dependent cache misses (pointer-chase probe) + the empty actor round-trip"),
            check: { try await checkGets(context) })
    }

    private static func checkGets(_ context: BenchContext) async throws {
        for index in 0..<min(2000, context.dataset.items.count) {
            let id = context.datasetId(index)
            let ours = try await context.marfa.copy.readableItem(id)
            let theirs = try context.peer.get(id)
            guard ours?.id == theirs?.id, ours?.version == theirs?.version,
                (ours?.tags ?? []).sorted() == (theirs?.tags ?? [])
            else {
                throw BenchError(
                    "correctness gate failed: get(\(id)) gives \(ours.map { "v\($0.version) \($0.tags)" } ?? "nil")"
                        + " here and \(theirs.map { "v\($0.version) \($0.tags)" } ?? "nil") in the peer")
            }
        }
    }
}
