/// How much work each operation does at one size tier: sample counts, event counts, journal lengths.
struct RunPlan: Codable, Sendable {
    /// The tier's name (`smoke`, `10k`, `100k`, `1m`, or a number).
    var tier: String
    /// Items in the dataset.
    var size: Int
    /// Events in the stream.
    var events: Int
    /// Events per batch in the batched event apply.
    var eventBatch: Int
    /// Events applied one commit each.
    var perEventEvents: Int
    /// fsync probe rounds.
    var fsyncProbes: Int
    /// Reads by id.
    var gets: Int
    /// Samples (and warm-up rounds) per list query.
    var listSamples: Int
    /// Warm-up rounds per list query.
    var listWarmup: Int
    /// How far a cheap list query keeps sampling past `listSamples` (a p50 of 15 samples of a 10 µs list moved
    /// by a third between runs), nil for exactly `listSamples`.
    var moreListSamples: MoreSamples?
    /// Samples per search query and side.
    var searchSamples: Int
    /// Serial durable writes per variant.
    var serialWrites: Int
    /// Rounds per concurrency level.
    var concurrentRounds: Int
    /// Writes per round per concurrency level.
    var concurrentWrites: Int
    /// Snapshot samples.
    var checkpoints: Int
    /// Open samples.
    var opens: Int
    /// Journal lengths for crash restore.
    var crashJournals: [Int]
    /// Megabytes for the memcpy and pointer-chase probes.
    var probeMegabytes: Int

    /// The plan for a tier name, or nil for an unknown one.
    static func named(_ name: String) -> RunPlan? {
        switch name.lowercased() {
        case "smoke":
            return RunPlan(
                tier: "smoke", size: 2000, events: 400, eventBatch: 100, perEventEvents: 60, fsyncProbes: 50,
                gets: 2000, listSamples: 3, listWarmup: 1, searchSamples: 1, serialWrites: 20, concurrentRounds: 1,
                concurrentWrites: 64, checkpoints: 1, opens: 1, crashJournals: [100, 1000], probeMegabytes: 16)
        case "10k":
            return standard(tier: "10k", size: 10_000, events: 20_000, listSamples: 30, searchSamples: 5)
        case "100k":
            return standard(tier: "100k", size: 100_000, events: 100_000, listSamples: 15, searchSamples: 3)
        case "1m":
            var plan = standard(tier: "1m", size: 1_000_000, events: 100_000, listSamples: 5, searchSamples: 2)
            plan.crashJournals = [1000, 100_000, 1_000_000]
            plan.checkpoints = 2
            plan.opens = 2
            return plan
        default:
            guard let size = Int(name), size >= 100 else { return nil }
            return standard(tier: name, size: size, events: min(100_000, size * 2), listSamples: 10, searchSamples: 3)
        }
    }

    private static func standard(tier: String, size: Int, events: Int, listSamples: Int, searchSamples: Int) -> RunPlan
    {
        RunPlan(
            tier: tier, size: size, events: events, eventBatch: 1000, perEventEvents: 1000, fsyncProbes: 500,
            gets: 100_000, listSamples: listSamples, listWarmup: 2,
            moreListSamples: MoreSamples(upTo: 1000, withinSeconds: 0.5), searchSamples: searchSamples,
            serialWrites: 500, concurrentRounds: 3, concurrentWrites: 640, checkpoints: 3, opens: 3,
            crashJournals: [1000, 100_000], probeMegabytes: 256)
    }
}
