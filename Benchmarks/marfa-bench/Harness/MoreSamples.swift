/// How far an operation keeps sampling past its planned samples: up to `upTo` samples in all, while less than
/// `withinSeconds` of wall time has passed since its first sample began (every side's runs, preparation and
/// bookkeeping included).
struct MoreSamples: Codable, Sendable {
    /// The most samples in all.
    var upTo: Int
    /// The wall time after which no more samples are started.
    var withinSeconds: Double
}
