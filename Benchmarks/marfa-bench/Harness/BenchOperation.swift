/// One side of an operation: ours (Marfa) or a peer configuration, run once per sample index.
struct BenchSide {
    /// Who this is (`marfa`, `sqlite FULL trigram`).
    var label: String
    /// A caveat shown with every figure of this side (`brute-force, no index`), if any.
    var caveat: String?
    /// What its result means when it is not a plain latency (the durability promise, the semantics).
    var promise: String?
    /// Untimed work before each sample (a pragma switch, a close before an open).
    var prepare: ((Int) async throws -> Void)?
    /// The timed work for sample `index`; answers a value the sink keeps.
    var run: (Int) async throws -> Int
    /// The time the last `run` measured itself, in nanoseconds, used instead of the wall time around it (a child
    /// process's open, whose start and exit are not part of the figure).
    var ownTime: (() -> UInt64)?
    /// Untimed work after the last sample.
    var finish: (() async throws -> Void)?
}

/// One measured operation: our side, the peer's sides, a correctness check, the sample plan and the floor.
///
/// The runner alternates sides per sample (ours, peer, ours, peer…) after `warmup` rounds, so drift hits both.
/// Every side gets the same sample index, so both do the same work on the same input.
struct BenchOperation {
    /// A stable name (`list/type-state-created-desc`).
    var name: String
    /// The group (`get`, `list`, `search`, `write`…), for `--only` and the report.
    var group: String
    /// Our side.
    var ours: BenchSide
    /// The peer's sides (none when the peer has no counterpart).
    var peers: [BenchSide]
    /// Untimed rounds per side before measuring.
    var warmup: Int
    /// Measured rounds per side.
    var samples: Int
    /// More rounds taken after `samples` while time allows, for an operation cheap enough that a few samples make
    /// a noisy median; nil for exactly `samples`.
    var moreSamples: MoreSamples?
    /// Units of work per sample (writes, events), for throughput; 1 for a plain latency.
    var unitsPerSample: Int = 1
    /// The physical floor of one sample, if benchmarks.md defines one.
    var floor: Floor?
    /// Checked before timing: throws `BenchError` when the sides disagree.
    var check: (() async throws -> Void)?
    /// Extra figures, computed after the samples.
    var extras: (() async throws -> [String: Double])?
    /// Notes printed with the result.
    var notes: [String] = []
    /// Attributes kept in the JSON (band, query length, semantics…).
    var tags: [String: String] = [:]
}
