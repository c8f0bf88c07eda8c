import MarfaEngine
import MarfaRules

/// The event stream of benchmarks.md over a generated dataset: 70 % updates (1–3 property edits), 10 % creates,
/// 5 % deletes or restores, 10 % tag changes, 5 % edge creates or deletes. Each event carries the whole new row,
/// as the copy applies it.
struct EventStreamGenerator {
    /// The shares of the kinds, in `BenchEvent.Kind.allCases` order.
    static let kindWeights = [0.70, 0.10, 0.05, 0.10, 0.05]

    private let factory: ItemFactory
    private var random: SplitMixRandom
    private var items: [Item]
    private var edgeIds: [String]
    private var clock: Int64

    /// Starts the stream after the dataset's last moment.
    init(factory: ItemFactory, items: [Item], edges: [Edge], seed: UInt64) {
        self.factory = factory
        self.items = items
        edgeIds = edges.map(\.id)
        random = SplitMixRandom(seed: seed ^ 0x3333_3333_3333_3333)
        clock = BenchTime.datasetStart + BenchTime.datasetSpan + 60_000
    }

    /// `count` events in order.
    mutating func makeEvents(count: Int) -> [BenchEvent] {
        var events: [BenchEvent] = []
        events.reserveCapacity(count)
        while events.count < count && !items.isEmpty {
            clock += Int64(random.int(in: 1...3000))
            let kind = BenchEvent.Kind.allCases[random.pick(weights: Self.kindWeights)]
            guard let change = makeChange(kind) else { continue }
            events.append(
                BenchEvent(id: BenchID.uuidV7(milliseconds: clock, random: &random), kind: kind, change: change))
        }
        return events
    }

    private mutating func makeChange(_ kind: BenchEvent.Kind) -> BenchEvent.Change? {
        let now = BenchTime.timestamp(milliseconds: clock)
        switch kind {
        case .itemCreated:
            let item = factory.makeItem(createdAt: clock, &random)
            items.append(item)
            return .item(item)
        case .itemUpdated:
            guard let index = liveIndex() else { return nil }
            var item = items[index]
            for _ in 0..<random.int(in: 1...3) { edit(&item) }
            return .item(touch(&item, at: index, now: now))
        case .itemDeletedOrRestored:
            let index = random.below(items.count)
            var item = items[index]
            item.state = item.state == .trashed ? .active : .trashed
            return .item(touch(&item, at: index, now: now))
        case .tagsChanged:
            guard let index = liveIndex() else { return nil }
            var item = items[index]
            if let tag = item.tags.first, random.chance(0.4) {
                item.tags.removeAll { $0 == tag }
            } else {
                let tag = factory.drawTag(&random)
                guard !item.tags.contains(tag) else { return nil }
                item.tags.append(tag)
            }
            return .item(touch(&item, at: index, now: now))
        case .edgeChanged:
            if !edgeIds.isEmpty && random.chance(0.4) {
                let index = random.below(edgeIds.count)
                edgeIds.swapAt(index, edgeIds.count - 1)
                return .removeEdge(edgeIds.removeLast())
            }
            let source = items[random.below(items.count)]
            let target = items[random.below(items.count)]
            guard source.id != target.id else { return nil }
            let edge = EdgeFactory.edge(
                EdgeFactory.references, from: EdgeFactory.Node(id: source.id, created: clock, isTask: false),
                to: EdgeFactory.Node(id: target.id, created: clock, isTask: false), &random)
            edgeIds.append(edge.id)
            return .edge(edge)
        }
    }

    /// A random item not in the bin (a few tries), or nil.
    private mutating func liveIndex() -> Int? {
        for _ in 0..<8 {
            let index = random.below(items.count)
            if items[index].state != .trashed { return index }
        }
        return nil
    }

    /// One property edit: a new title, a sentence appended to the body, or a task field.
    private mutating func edit(_ item: inout Item) {
        let isTask = item.type == ItemFactory.taskType
        switch random.below(isTask ? 5 : 3) {
        case 0: item.properties["title"] = .string(factory.text.title(&random))
        case 1:
            let body = item.properties["body"]?.string ?? ""
            item.properties["body"] = .string(body + " " + factory.text.sentence(&random))
        case 2 where !isTask: item.properties["pinned"] = .bool(random.chance(0.5))
        case 2: item.properties["status"] = .string(ItemFactory.statuses[random.below(3)].0)
        case 3: item.properties["priority"] = .integer(Int64(random.int(in: 1...4)))
        default:
            item.properties["due"] = .string(
                BenchTime.day(milliseconds: clock + Int64(random.below(60)) * BenchTime.day))
        }
    }

    private mutating func touch(_ item: inout Item, at index: Int, now: String) -> Item {
        item.version += 1
        item.updatedAt = now
        items[index] = item
        return item
    }
}
