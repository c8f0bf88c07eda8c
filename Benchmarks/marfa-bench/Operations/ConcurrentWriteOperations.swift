import Dispatch
import Foundation
import MarfaEngine
import MarfaRules

/// Durable writes from 1, 8 and 64 concurrent writers: ours share fsyncs (group commit); the peer's one
/// connection behind a mutex commits them one after another.
enum ConcurrentWriteOperations {
    /// The writer counts of benchmarks.md.
    static let writerCounts = [1, 8, 64]

    /// One operation per writer count; a sample is one round of `concurrentWrites` writes.
    static func make(_ context: BenchContext) -> [BenchOperation] {
        writerCounts.map { writers in
            let perRound = max(writers, context.plan.concurrentWrites / writers * writers)
            let rounds = context.plan.concurrentRounds + 1
            let items = context.freshItems(perRound * rounds)
            let latencies = LatencyLog()
            let cpu = CPUTally()
            let peer = LockedPeer(context.peer)
            let alone = JournalAlone(
                folder: context.directory + "/journal-alone-\(writers)", recordBytes: Int(context.averageItemBytes))
            let ceiling = groupCommitCeiling(context, writers: writers)
            let bufferedCeiling = min(
                Double(writers) / context.probes.fsync.p50,
                ProbeResults.diskWriteBytesPerSecond / context.averageItemBytes)
            return BenchOperation(
                name: "write/concurrent-\(writers)", group: "write-concurrent",
                ours: BenchSide(
                    label: "marfa commit", promise: "durable per commit (group commit)",
                    run: { round in
                        let slice = Array(items[(round * perRound)..<((round + 1) * perRound)])
                        guard round > 0 else {
                            try await ourRound(slice, writers: writers, copy: context.marfa.copy, log: nil)
                            return slice.count
                        }
                        try await cpu.measure(units: slice.count) {
                            try await ourRound(slice, writers: writers, copy: context.marfa.copy, log: latencies)
                        }
                        return slice.count
                    }),
                peers: [
                    BenchSide(
                        label: "sqlite FULL, serialized", promise: "durable per commit, one connection behind a mutex",
                        run: { round in
                            let slice = Array(items[(round * perRound)..<((round + 1) * perRound)])
                            await peer.round(slice, writers: writers)
                            return slice.count
                        }),
                    BenchSide(
                        label: "journal alone, no engine",
                        promise: "durable per record: the same rounds, records this size, no encoding, apply or index",
                        run: { _ in
                            try await alone.round(writers: writers, records: perRound)
                            return perRound
                        },
                        finish: { try await alone.close() }),
                ],
                warmup: 1, samples: context.plan.concurrentRounds, unitsPerSample: perRound,
                floor: Floor(
                    kind: .throughput, value: ceiling,
                    basis: "writers ÷ sync of one group's bytes (probe median); target ≥ 70 %"),
                extras: {
                    try peer.failure()
                    return latencies.extras().merging(cpu.extras("ours cpu per write s")) { $1 }.merging([
                        "old ceiling, min(writers ÷ 64 B fsync, 0.7 GB/s ÷ record size)": bufferedCeiling
                    ]) { $1 }
                },
                notes: ["\(perRound) writes per round, \(writers) writer tasks", MarfaReadSide.textIndexNote])
        }
    }

    /// benchmarks.md's "batch ÷ fsync" with the fsync of the batch's bytes: `writers` ÷ the probe median of one
    /// group of that many records appended and synced (Decision 0048), one writer included.
    /// NaN (no ceiling) when that group was not probed, which happens only when the operation is not selected.
    private static func groupCommitCeiling(_ context: BenchContext, writers: Int) -> Double {
        guard let sync = context.probes.groupSyncMedian(records: writers) else { return .nan }
        return Double(writers) / sync
    }

    /// Whether the run measures any of these operations (and so needs the group sync probe first).
    static func selected(_ arguments: BenchArguments) -> Bool {
        writerCounts.contains { arguments.selects(group: "write-concurrent", name: "write/concurrent-\($0)") }
    }

    private static func ourRound(_ items: [Item], writers: Int, copy: CopyActor, log: LatencyLog?) async throws {
        try await withThrowingTaskGroup(of: [UInt64].self) { group in
            for writer in 0..<writers {
                let mine = stride(from: writer, to: items.count, by: writers).map { items[$0] }
                group.addTask {
                    var times: [UInt64] = []
                    for item in mine {
                        let start = Stopwatch.now()
                        try await copy.commit([.putItem(item)])
                        times.append(Stopwatch.now() &- start)
                    }
                    return times
                }
            }
            for try await times in group { log?.append(times) }
        }
    }
}
