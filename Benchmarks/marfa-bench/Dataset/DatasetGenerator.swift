import MarfaEngine
import MarfaRules

/// The deterministic dataset stream: seed plus size give byte-identical items, edges and events.
///
/// Items come one at a time (`nextItem()`), so the memory child can load a copy without holding the dataset
/// twice; edges follow once every item exists. Each concern draws from its own random stream.
struct DatasetGenerator {
    /// The item factory (text, tags, the mix).
    let factory: ItemFactory
    /// How many items the dataset holds.
    let size: Int
    private var itemRandom: SplitMixRandom
    private var edgeRandom: SplitMixRandom
    private var nodes: [EdgeFactory.Node] = []

    /// Starts the stream for `seed` and `size`.
    init(vocabulary: Vocabulary, seed: UInt64, size: Int) {
        factory = ItemFactory(text: TextGenerator(vocabulary: vocabulary))
        self.size = size
        itemRandom = SplitMixRandom(seed: seed ^ 0x1111_1111_1111_1111)
        edgeRandom = SplitMixRandom(seed: seed ^ 0x2222_2222_2222_2222)
        nodes.reserveCapacity(size)
    }

    /// How many items have been made so far.
    var itemsMade: Int { nodes.count }

    /// The next item, or nil once `size` items have been made.
    mutating func nextItem() -> Item? {
        guard nodes.count < size else { return nil }
        let created = BenchTime.datasetStart + Int64(itemRandom.unit() * Double(BenchTime.datasetSpan))
        let item = factory.makeItem(createdAt: created, &itemRandom)
        nodes.append(EdgeFactory.Node(id: item.id, created: created, isTask: item.type == ItemFactory.taskType))
        return item
    }

    /// Every edge over the items made so far (call once, after the last item).
    mutating func makeEdges() -> [Edge] {
        EdgeFactory.makeEdges(nodes, &edgeRandom)
    }
}
