/// Percentiles of a set of timings, in seconds.
struct LatencySummary: Codable, Sendable {
    /// How many timings.
    var count: Int
    /// The median.
    var p50: Double
    /// The 95th percentile.
    var p95: Double
    /// The 99th percentile.
    var p99: Double
    /// The slowest.
    var max: Double
    /// The mean.
    var mean: Double
    /// The sum, for throughput.
    var total: Double

    /// Summarizes nanosecond timings; nil when there are none.
    init?(nanoseconds: [UInt64]) {
        guard !nanoseconds.isEmpty else { return nil }
        let sorted = nanoseconds.sorted()
        func at(_ fraction: Double) -> Double {
            Double(sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]) / 1e9
        }
        count = sorted.count
        p50 = at(0.50)
        p95 = at(0.95)
        p99 = at(0.99)
        max = Double(sorted[sorted.count - 1]) / 1e9
        total = Double(sorted.reduce(0, +)) / 1e9
        mean = total / Double(sorted.count)
    }

    /// Summarizes timings in seconds.
    init?(seconds: [Double]) {
        self.init(nanoseconds: seconds.map { UInt64(Swift.max(0, $0) * 1e9) })
    }
}
