import MarfaEngine
import MarfaRules

/// The whole generated dataset, fed to both stores: items, edges, the event stream, and their checksum.
struct BenchDataset {
    /// The seed everything was drawn from.
    let seed: UInt64
    /// The number of items.
    let size: Int
    /// The factory the items came from (the event stream and the writes use it too).
    let factory: ItemFactory
    /// Every item, in generation order.
    let items: [Item]
    /// Every edge.
    let edges: [Edge]
    /// The event stream, applied after the reads.
    let events: [BenchEvent]
    /// FNV-1a over the word list and the encoded rows, edges and events: equal checksums, equal bytes.
    let checksum: String
    /// Counts and sizes, for the report.
    let stats: DatasetStats

    /// Generates the dataset for `seed` and `size` with `eventCount` events.
    static func generate(vocabulary: Vocabulary, seed: UInt64, size: Int, eventCount: Int) -> BenchDataset {
        var generator = DatasetGenerator(vocabulary: vocabulary, seed: seed, size: size)
        var items: [Item] = []
        items.reserveCapacity(size)
        while let item = generator.nextItem() { items.append(item) }
        let edges = generator.makeEdges()
        var stream = EventStreamGenerator(factory: generator.factory, items: items, edges: edges, seed: seed)
        let events = stream.makeEvents(count: eventCount)
        var hash = FNV1a()
        hash.add(String(vocabulary.checksum))
        var encodedBytes = 0
        for item in items {
            let bytes = StoreChange.encode([.putItem(item)])
            encodedBytes += bytes.count
            hash.add(bytes)
        }
        for edge in edges { hash.add(StoreChange.encode([.putEdge(edge)])) }
        for event in events {
            hash.add(event.id)
            hash.add(StoreChange.encode(event.changes))
        }
        let stats = DatasetStats(items: items, edges: edges, events: events, encodedBytes: encodedBytes)
        return BenchDataset(
            seed: seed, size: size, factory: generator.factory, items: items, edges: edges, events: events,
            checksum: hash.hex, stats: stats)
    }
}

extension BenchEvent {
    /// The store changes that apply this event (the cursor is set per commit, not here).
    var changes: [StoreChange] {
        switch change {
        case .item(let item): return [.putItem(item)]
        case .edge(let edge): return [.putEdge(edge)]
        case .removeEdge(let id): return [.removeEdge(id: id)]
        }
    }
}
