import Foundation

/// Per-write latencies gathered across writer tasks.
final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [UInt64] = []

    /// Adds one writer's latencies.
    func append(_ more: [UInt64]) {
        lock.withLock { times.append(contentsOf: more) }
    }

    /// p50 and p99 per write, in seconds.
    func extras() -> [String: Double] {
        guard let summary = lock.withLock({ LatencySummary(nanoseconds: times) }) else { return [:] }
        return ["per-write p50 s": summary.p50, "per-write p99 s": summary.p99]
    }
}
