import Foundation
import MarfaEngine
import MarfaRules

extension BenchSession {
    /// Serial and concurrent durable writes, then the event stream; both stores must agree after each part.
    func runWrites() async throws {
        if selects("write") || selects("write-concurrent") {
            Self.progress("writes")
            for operation in WriteOperations.commits(context) { try await measure(operation) }
            try await measure(WriteOperations.creates(context))
            if ConcurrentWriteOperations.selected(arguments) {
                let sizes = GroupSyncProbe.groupSizes.map(String.init).joined(separator: ", ")
                Self.progress("probes: group sync of \(sizes) records")
                context.probes.groupSyncs = try GroupSyncProbe.measure(
                    directory: context.directory, recordBytes: context.averageItemBytes,
                    count: max(1, context.plan.fsyncProbes / 2))
            }
            for operation in ConcurrentWriteOperations.make(context) { try await measure(operation) }
            Self.progress("correctness gate: both stores after the writes")
            try await StoreAgreement.check(context, after: "the writes")
        }
        if selects("events") {
            Self.progress("events")
            try await measure(EventOperations.batched(context))
            try await measure(EventOperations.perEvent(context, peerMode: .full))
            try await measure(EventOperations.perEvent(context, peerMode: .normal))
            Self.progress("correctness gate: both stores after the events")
            try await StoreAgreement.check(context, after: "the event stream")
        }
    }

    /// Snapshot write, open from snapshot, and crash restore with journals of each length of the plan.
    func runStorage() async throws {
        if selects("snapshot") || selects("open") || selects("crash") {
            Self.progress("snapshot and open")
            let checkpoint = try await SnapshotOperations.checkpoint(context)
            if selects("snapshot") { try await measure(checkpoint) }
            if selects("open") {
                // Fully indexed first: the first-read samples after it reopen the copy without its word index, as
                // the crash phase expects it.
                if let indexed = SnapshotOperations.openToFullyIndexed(context) { try await measure(indexed) }
                try await measure(try await SnapshotOperations.open(context))
            }
        }
        guard selects("crash") else { return }
        Self.progress("crash restore")
        try await context.marfa.reopen(snapshotThresholdBytes: .max)
        try await context.marfa.copy.checkpoint()
        var opens: [Double] = []
        for _ in 0..<3 { opens.append(try await openToFirstRead()) }
        if context.marfa.reopensInChild { try await context.marfa.open() }
        let baseline = opens.sorted()[1]
        let eventRate = results.first { $0.group == "events" }?.ours.throughput
        for records in context.plan.crashJournals {
            let operation = try await CrashRestoreOperations.make(context, records: records, baseline: baseline)
            let (measured, _) = try await runner.run(operation)
            var result = measured
            result.addReplayRate(records: records, baseline: baseline, eventRate: eventRate)
            results.append(result)
        }
    }

    /// Closes the copy and opens it again (in a child when the copy reopens there); answers the seconds to the
    /// answer of the first read.
    private func openToFirstRead() async throws -> Double {
        let firstId = context.datasetId(0)
        if context.marfa.reopensInChild {
            return Double(try await context.marfa.openInChild(firstId: firstId).nanoseconds) / 1e9
        }
        await context.marfa.close()
        let start = Stopwatch.now()
        try await context.marfa.open()
        _ = try await context.marfa.copy.readableItem(firstId)
        return Stopwatch.seconds(since: start)
    }

    /// Memory per item, in a child process.
    func runMemory() async throws {
        guard selects("memory") else { return }
        Self.progress("memory: child process")
        let sizes = try peerSizes ?? context.peer.sizes()
        let trigrams = MemoryOperation.trigramsPerItem(context.dataset)
        results.append(contentsOf: try MemoryOperation.run(context, peerSizes: sizes, trigramsPerItem: trigrams))
    }
}
