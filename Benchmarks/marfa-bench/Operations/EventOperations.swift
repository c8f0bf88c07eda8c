import MarfaEngine
import MarfaRules

/// Applying the event stream: batched (one commit per batch, cursor included), and one commit per event,
/// against the peer's one transaction per batch or per event (with the FTS re-index of each changed item).
enum EventOperations {
    /// The whole stream in batches; a sample is one batch.
    static func batched(_ context: BenchContext) -> BenchOperation {
        let events = context.dataset.events
        let batch = context.plan.eventBatch
        let batches = events.count / batch
        return BenchOperation(
            name: "events/batched-\(batch)", group: "events",
            ours: BenchSide(
                label: "marfa commit per batch", promise: "durable per batch",
                run: { index in
                    try await context.marfa.copy.commit(changes(events[(index * batch)..<((index + 1) * batch)]))
                    return index
                }),
            peers: [
                BenchSide(
                    label: "sqlite FULL + FTS, txn/batch", promise: "durable per batch",
                    run: { index in
                        try context.peer.apply(events[(index * batch)..<((index + 1) * batch)])
                        return index
                    })
            ],
            warmup: 0, samples: batches, unitsPerSample: batch,
            extras: {
                var extras = breakdown(events.prefix(batch))
                let journal = Double(batches) * (extras["record bytes per batch"] ?? 0)
                extras["automatic snapshots in the stream (about)"] =
                    (journal / Double(context.marfa.copy.automaticSnapshotSegmentBytes)).rounded(.down)
                return extras
            },
            notes: [
                "target: ≥ 50k events/s at 100k items (CPU-bound, no floor)", MarfaReadSide.textIndexNote,
                "the engine snapshots on its own once the journal holds the state's encoded size (at least 64 MiB; "
                    + "Decision 0059); those batches are in the p99",
            ])
    }

    /// The first `perEventEvents` events, one durable commit each, against the peer in `mode`.
    static func perEvent(_ context: BenchContext, peerMode: PeerStore.Synchronous) -> BenchOperation {
        let events = context.dataset.events.prefix(context.plan.perEventEvents)
        let promise =
            peerMode == .full
            ? "durable per event"
            : "not durable: the reference's shape (one transaction per event, NORMAL)"
        return BenchOperation(
            name: "events/per-event/\(peerMode.rawValue.lowercased())", group: "events",
            ours: BenchSide(
                label: "marfa commit per event", promise: "durable per event",
                run: { index in
                    try await context.marfa.copy.commit(changes(events[index...index]))
                    return index
                }),
            peers: [
                BenchSide(
                    label: "sqlite \(peerMode.rawValue) + FTS, txn/event", promise: promise,
                    prepare: { _ in try context.peer.setSynchronous(peerMode) },
                    run: { index in
                        try context.peer.apply(events[index...index])
                        return index
                    },
                    finish: { try context.peer.setSynchronous(.full) })
            ],
            warmup: 0, samples: events.count,
            floor: peerMode == .full ? WriteOperations.fsyncFloor(context) : nil,
            notes: ["events re-applied after the batched run: upserts of the same rows, as after a reconnect"])
    }

    /// Where a batch's time goes outside the journal: encoding the record and applying it to a copy of the state
    /// (measured apart, untimed by the operation, for the engine's own profile).
    private static func breakdown(_ events: ArraySlice<BenchEvent>) -> [String: Double] {
        let batch = changes(events)
        var start = Stopwatch.now()
        let record = StoreChange.encode(batch)
        let encode = Stopwatch.seconds(since: start)
        var state = CopyState()
        start = Stopwatch.now()
        for change in batch { state.apply(change) }
        let apply = Stopwatch.seconds(since: start)
        return [
            "encode one batch s": encode, "apply one batch to an empty state s": apply,
            "record bytes per batch": Double(record.count),
        ]
    }

    /// The changes of `events` plus the cursor of the last one, as one commit.
    static func changes(_ events: ArraySlice<BenchEvent>) -> [StoreChange] {
        var changes = events.flatMap(\.changes)
        if let last = events.last { changes.append(.setCursor(last.id)) }
        return changes
    }
}
