import Foundation
import MarfaEngine
import MarfaRules

/// Everything the operations share: the plan, the dataset and its query sets, both stores, the probes, the sink.
final class BenchContext {
    /// The tier's plan.
    let plan: RunPlan
    /// The run's folder (stores, probes).
    let directory: String
    /// The dataset.
    let dataset: BenchDataset
    /// The Marfa store.
    let marfa: CopyHandle
    /// The SQLite peer.
    let peer: PeerStore
    /// Where every result goes.
    let sink = ResultSink()
    /// The probes of this run.
    var probes: ProbeResults
    /// The list queries.
    var listQueries: [BenchListQuery] = []
    /// The search queries.
    var searchQueries: [BenchSearchQuery] = []
    /// Extra facts for the report (load times, sizes).
    var facts: [String: Double] = [:]
    private var freshRandom: SplitMixRandom
    private var freshClock: Int64

    /// Gathers the shared pieces.
    init(
        plan: RunPlan, directory: String, dataset: BenchDataset, marfa: CopyHandle, peer: PeerStore,
        probes: ProbeResults
    ) {
        self.plan = plan
        self.directory = directory
        self.dataset = dataset
        self.marfa = marfa
        self.peer = peer
        self.probes = probes
        freshRandom = SplitMixRandom(seed: dataset.seed ^ 0x5555_5555_5555_5555)
        freshClock = BenchTime.datasetStart + BenchTime.datasetSpan + 400 * BenchTime.day
    }

    /// `count` new items shaped as a local create shows them (active, version 0, created = updated = occurred),
    /// each a second after the last, so both stores can be given the very same row.
    func freshItems(_ count: Int) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(count)
        for _ in 0..<count {
            freshClock += 1000
            var item = dataset.factory.makeItem(createdAt: freshClock, &freshRandom)
            item.state = .active
            item.version = 0
            item.updatedAt = item.createdAt
            item.occurredAt = item.createdAt
            items.append(item)
        }
        return items
    }

    /// A random dataset id for sample `index` (the same for both sides).
    func datasetId(_ index: Int) -> String {
        var random = SplitMixRandom(seed: UInt64(index) &* 0x9E37_79B9 ^ dataset.seed)
        return dataset.items[random.below(dataset.items.count)].id
    }

    /// Average encoded bytes of one item (the journal record size of a single-item write).
    var averageItemBytes: Double {
        Double(dataset.stats.encodedBytes) / Double(max(dataset.stats.items, 1))
    }
}
