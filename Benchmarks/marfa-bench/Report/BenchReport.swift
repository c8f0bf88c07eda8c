import Foundation

/// Everything one run measured, as written to `--json` and to a baseline.
struct BenchReport: Codable, Sendable {
    /// The format of this file.
    var format = 1
    /// When the run started (RFC 3339).
    var startedAt: String
    /// The command line.
    var command: [String]
    /// The machine.
    var machine: MachineFingerprint
    /// The tier's plan.
    var plan: RunPlan
    /// The seed.
    var seed: UInt64
    /// The dataset checksum.
    var datasetChecksum: String
    /// The query sets' checksum.
    var queryChecksum: String
    /// What the dataset holds.
    var dataset: DatasetStats
    /// The probes.
    var probes: ProbeResults
    /// Load times, sizes and other facts.
    var facts: [String: Double]
    /// The peer's sizes after loading.
    var peerSizes: PeerSizes?
    /// The list queries.
    var listQueries: [BenchListQuery]
    /// The search queries, with the porter table's match counts alongside.
    var searchQueries: [BenchSearchQuery]
    /// Matches per search query in the porter table (word semantics), in query order.
    var porterHits: [Int]
    /// Every operation's result (search: one per query).
    var results: [OperationResult]
    /// Search results merged per hit-rate band (and per band and length).
    var searchBands: [OperationResult]
    /// What is not measured, and why.
    var skipped: [String]
    /// The fold of every result kept alive.
    var sink: UInt64
}
