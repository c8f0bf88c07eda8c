import MarfaEngine
import MarfaRules

/// Serial durable writes: one new item per sample, awaited until durable, against each peer configuration.
enum WriteOperations {
    /// A peer configuration for writes.
    struct PeerVariant {
        /// The label in the report.
        var label: String
        /// The suffix of the operation's name.
        var slug: String
        /// The durability mode.
        var synchronous: PeerStore.Synchronous
        /// Whether the write re-indexes the trigram FTS table.
        var search: Bool
        /// The promise, in words.
        var promise: String
    }

    /// The three configurations benchmarks.md asks for.
    static let variants = [
        PeerVariant(
            label: "sqlite FULL", slug: "full", synchronous: .full, search: false, promise: "durable per commit"),
        PeerVariant(
            label: "sqlite FULL + FTS", slug: "full-fts", synchronous: .full, search: true,
            promise: "durable per commit"),
        PeerVariant(
            label: "sqlite NORMAL + FTS", slug: "normal-fts", synchronous: .normal, search: true,
            promise: "not durable: the last commits can roll back on power loss (what the reference ships)"),
    ]

    /// `commit` of one item upsert (the journal path) against each variant.
    static func commits(_ context: BenchContext) -> [BenchOperation] {
        variants.map { variant in
            let items = context.freshItems(context.plan.serialWrites + 5)
            return BenchOperation(
                name: "write/serial-commit/\(variant.slug)", group: "write",
                ours: BenchSide(
                    label: "marfa commit", promise: "durable per commit",
                    run: { index in
                        try await context.marfa.copy.commit([.putItem(items[index])])
                        return index
                    }),
                peers: [peerSide(variant, items, context)],
                warmup: 5, samples: context.plan.serialWrites,
                floor: fsyncFloor(context),
                notes: [MarfaReadSide.textIndexNote])
        }
    }

    /// `create(Draft)` through the write planner and the queue, against the peer's indexed write.
    static func creates(_ context: BenchContext) -> BenchOperation {
        let items = context.freshItems(context.plan.serialWrites + 5)
        let variant = variants[1]
        let clock = context.marfa.clock
        return BenchOperation(
            name: "write/serial-create/\(variant.slug)", group: "write",
            ours: BenchSide(
                label: "marfa create(Draft)", promise: "durable per commit, queued for the server",
                run: { index in
                    let item = items[index]
                    clock.set(item.createdAt)
                    let write = try await context.marfa.copy.create(
                        Draft(
                            type: item.type, properties: item.properties, tags: item.tags, tier: item.tier, id: item.id,
                            source: item.source, occurredAt: item.occurredAt))
                    return write.id.utf8.count
                }),
            peers: [peerSide(variant, items, context)],
            warmup: 5, samples: context.plan.serialWrites,
            floor: fsyncFloor(context),
            notes: ["ours plans the write, shows the row and queues it (one queue row per tag too)"])
    }

    /// The peer side of a write operation: one item per sample in its own transaction, in `variant`'s mode.
    static func peerSide(_ variant: PeerVariant, _ items: [Item], _ context: BenchContext) -> BenchSide {
        BenchSide(
            label: variant.label, promise: variant.promise,
            prepare: { _ in try context.peer.setSynchronous(variant.synchronous) },
            run: { index in
                try context.peer.write(items[index], search: variant.search)
                return index
            },
            finish: { try context.peer.setSynchronous(.full) })
    }

    /// The floor of one durable commit: one fsync.
    static func fsyncFloor(_ context: BenchContext) -> Floor {
        Floor(
            kind: .latency, value: context.probes.fsync.p50, basis: "one fsync (probe median); target ≤ fsync + 30 µs",
            unitName: "fsync")
    }
}
