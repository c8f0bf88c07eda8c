import MarfaRules

/// What the generated dataset holds, for the report and the JSON.
struct DatasetStats: Codable, Sendable {
    /// Items in all.
    var items: Int
    /// Notes and tasks.
    var notes: Int
    /// Tasks.
    var tasks: Int
    /// Items per state.
    var states: [String: Int]
    /// Items in the feed tier.
    var feed: Int
    /// Notes with a body of 20 KB or more.
    var huge: Int
    /// Edges per type.
    var edges: [String: Int]
    /// Tags over all items.
    var tags: Int
    /// Events per kind.
    var events: [String: Int]
    /// Bytes of every item in the store's row codec (the "raw" size the floors use).
    var encodedBytes: Int
    /// UTF-8 bytes of every title and body.
    var textBytes: Int

    /// Counts what the dataset holds.
    init(items: [Item], edges: [Edge], events: [BenchEvent], encodedBytes: Int) {
        self.items = items.count
        tasks = items.filter { $0.type == ItemFactory.taskType }.count
        notes = items.count - tasks
        var states: [String: Int] = [:]
        var feed = 0
        var huge = 0
        var tags = 0
        var textBytes = 0
        for item in items {
            states[item.state.rawValue, default: 0] += 1
            if item.tier == .feed { feed += 1 }
            let body = item.properties["body"]?.string?.utf8.count ?? 0
            if body >= 20_000 { huge += 1 }
            tags += item.tags.count
            textBytes += body + (item.properties["title"]?.string?.utf8.count ?? 0)
        }
        self.states = states
        self.feed = feed
        self.huge = huge
        self.tags = tags
        self.textBytes = textBytes
        self.edges = Dictionary(grouping: edges, by: \.edgeType).mapValues(\.count)
        self.events = Dictionary(grouping: events, by: \.kind.rawValue).mapValues(\.count)
        self.encodedBytes = encodedBytes
    }
}
