/// The physical floor of an operation on this machine, from the probes of the same run (benchmarks.md,
/// "Operations, metrics, and what close to the physical limit means").
struct Floor: Codable, Sendable {
    /// How the floor compares with a result.
    enum Kind: String, Codable, Sendable {
        /// A latency: the result's p50 divided by it is "× floor" (target ≤ 2).
        case latency
        /// A throughput ceiling (units per second): the result's throughput over it is "% of floor" (target ≥ 70 %).
        case throughput
        /// A size in bytes: the result over it is "× floor".
        case size
    }

    /// Latency, throughput or size.
    var kind: Kind
    /// Seconds, units per second, or bytes.
    var value: Double
    /// How it was computed, in words.
    var basis: String
    /// What a ratio to it is called in the table ("1.3× fsync").
    var unitName = "floor"
}
