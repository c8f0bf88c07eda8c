import Foundation

/// Process CPU time spent over timed rounds, per unit of work: what a round costs in CPU, every thread of ours
/// (the journal's sync thread included), whatever else shares the cores. Steadier than wall time on a loaded
/// machine, where other processes and the disk's phase move throughput.
final class CPUTally: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 0.0
    private var units = 0

    /// Runs `body` and adds the process CPU seconds it took, for `units` units of work.
    func measure<T>(units count: Int, _ body: () async throws -> T) async rethrows -> T {
        let start = Stopwatch.processCPUSeconds()
        let result = try await body()
        let spent = Stopwatch.processCPUSeconds() - start
        lock.withLock {
            seconds += spent
            units += count
        }
        return result
    }

    /// CPU seconds per unit over every measured round, under `key`; empty before any round.
    func extras(_ key: String) -> [String: Double] {
        lock.withLock { units == 0 ? [:] : [key: seconds / Double(units)] }
    }
}
