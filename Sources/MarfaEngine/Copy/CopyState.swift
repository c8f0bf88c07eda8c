import MarfaRules

/// Everything a copy holds, as one value: rows, adjacency, extensions, the queue and the copy's sync state.
///
/// A value type, so a snapshot is an O(1) copy-on-write capture while the actor goes on changing its own.
package struct CopyState: Sendable {
    /// Items by id, in every state, each at the row the read indexes store.
    package private(set) var items = ItemTable()
    /// Edges by id, answered and queued, with their adjacency (by source, target and type).
    package private(set) var edges = EdgeTable()
    /// Edge ids by the item they start at.
    package var edgesFrom: EdgeAdjacency { EdgeAdjacency(edges, .from) }
    /// Edge ids by the item they point at.
    package var edgesTo: EdgeAdjacency { EdgeAdjacency(edges, .to) }
    /// Edge ids by edge type.
    package var edgesOfType: EdgeAdjacency { EdgeAdjacency(edges, .ofType) }
    /// Extension bodies by item id, then namespace.
    package private(set) var extensions = ShardedDictionary<String, [String: JSONObject]>()
    /// The queue in send order.
    package private(set) var queue: [QueuedWrite] = []
    /// Each queued write's position in `queue`.
    package private(set) var queuePosition = ShardedDictionary<String, Int>()
    /// Queued write ids by the item they name (edge writes by their source), in queue order.
    package private(set) var queueIdsByItem = ShardedDictionary<String, [String]>()
    /// Queued write ids by the edge they name, in queue order.
    package private(set) var queueIdsByEdge = ShardedDictionary<String, [String]>()
    /// The slice the last hydration took.
    package private(set) var slice: Slice?
    /// The id of the last event applied (WC-18).
    package private(set) var cursor: String?
    /// How far the copy has been filled (WC-6).
    package private(set) var hydration: Hydration = .never
    /// Items held whatever the slice says.
    package private(set) var pins: [String] = []
    /// The instance id the copy was filled from.
    package private(set) var instanceId: String?
    /// How many commits built this state, counted across snapshots; the position `changes(since:)` counts from.
    package private(set) var commitCount: UInt64 = 0
    /// Items owed a read-back: a write on each was refused and the read of the instance's row could not be made, so
    /// the next drain reads them before it sends anything, and any row the instance sends settles one.
    package private(set) var owedReadBacks: [String] = []
    /// Edges owed a read-back, as `owedReadBacks` items are.
    package private(set) var owedEdgeReadBacks: [String] = []
    /// The title links of saved bodies by note id, each with its lookup's answer or pending (F099, F100).
    package private(set) var linkLookups: [String: [LinkLookup]] = [:]
    /// The device time of the last completed pull (a hydration, or a catch-up or follow reaching the head), F113.
    package private(set) var lastSynced: String?
    /// The app's declared types as normalized JSON definitions, kept across hydrations.
    package private(set) var declaredTypes: [String] = []
    /// Why the copy expired rather than went stale (F029): set once the instance accepted a retype or a source move.
    package private(set) var expiry: String?
    /// The catalog writes and reads are judged by: the built-in one until the instance's is read.
    package private(set) var catalog: CatalogSnapshot = BuiltInCatalog.snapshot

    /// An empty state.
    package init() {}

    /// Applies `.putEdge` of the edge `record` holds, as a snapshot's restore decodes it (`EdgeRecord.read(from:)`).
    /// - Complexity: O(1) amortized.
    mutating func put(edgeRecord record: EdgeRecord) {
        edges.put(record: record)
    }

    /// Puts `item` as `apply(.putItem(item))` does, answering its row and the item it replaced (one id lookup for
    /// both, where the indexes need them).
    /// - Complexity: O(1) amortized.
    package mutating func putItem(_ item: Item) -> (row: RowID, old: Item?) {
        items.put(item)
    }

    /// Makes room for `count` more items, for a restore that knows how many follow (Decision 0047).
    mutating func reserveItems(_ count: Int) {
        items.reserveCapacity(items.count + count)
    }

    /// Applies one change; the live path and journal replay both come through here.
    /// - Complexity: O(1) amortized for row changes, O(queue) for queue rewrites, O(n) for `clearRows`.
    package mutating func apply(_ change: StoreChange) {
        switch change {
        case .putItem(let item): items.put(item)
        case .removeItem(let id):
            items[id] = nil
            extensions[id] = nil
        case .putEdge(let edge): edges.put(edge)
        case .removeEdge(let id): edges.remove(id: id)
        case .putExtension(let itemId, let namespace, let body): extensions[itemId, default: [:]][namespace] = body
        case .removeExtension(let itemId, let namespace):
            extensions[itemId]?[namespace] = nil
            if extensions[itemId]?.isEmpty == true { extensions[itemId] = nil }
        case .putQueuedWrite(let write):
            if let index = queuePosition[write.id] {
                let old = queue[index]
                queue[index] = write
                // A keyed create's writes move onto the instance's row: re-file them under it.
                if old.itemId != write.itemId {
                    if let from = old.itemId { Self.remove(write.id, under: from, in: &queueIdsByItem) }
                    if let to = write.itemId { queueIdsByItem[to] = inQueueOrder(queueIdsByItem[to], adding: write.id) }
                }
                if old.edgeId != write.edgeId {
                    if let from = old.edgeId { Self.remove(write.id, under: from, in: &queueIdsByEdge) }
                    if let to = write.edgeId { queueIdsByEdge[to] = inQueueOrder(queueIdsByEdge[to], adding: write.id) }
                }
            } else {
                queuePosition[write.id] = queue.count
                queue.append(write)
                if let itemId = write.itemId { queueIdsByItem[itemId, default: []].append(write.id) }
                if let edgeId = write.edgeId { queueIdsByEdge[edgeId, default: []].append(write.id) }
            }
        case .removeQueuedWrite(let id):
            guard let index = queuePosition.removeValue(forKey: id) else { return }
            let write = queue.remove(at: index)
            for later in index..<queue.count { queuePosition[queue[later].id] = later }
            if let itemId = write.itemId { Self.remove(id, under: itemId, in: &queueIdsByItem) }
            if let edgeId = write.edgeId { Self.remove(id, under: edgeId, in: &queueIdsByEdge) }
        case .clearRows:
            items = ItemTable()
            edges = EdgeTable()
            extensions = ShardedDictionary()
        case .setSlice(let slice): self.slice = slice
        case .setCursor(let cursor): self.cursor = cursor
        case .setHydration(let hydration): self.hydration = hydration
        case .setPins(let pins): self.pins = pins
        case .setInstanceId(let id): instanceId = id
        case .setCatalog(let catalog): self.catalog = catalog
        case .setCommitCount(let count): commitCount = count
        case .setOwedReadBacks(let ids): owedReadBacks = ids
        case .setOwedEdgeReadBacks(let ids): owedEdgeReadBacks = ids
        case .addPin(let id): if !pins.contains(id) { pins.append(id) }
        case .removePin(let id): pins.removeAll { $0 == id }
        case .owe(.item(let id)): if !owedReadBacks.contains(id) { owedReadBacks.append(id) }
        case .owe(.edge(let id)): if !owedEdgeReadBacks.contains(id) { owedEdgeReadBacks.append(id) }
        case .settleOwed(.item(let id)): owedReadBacks.removeAll { $0 == id }
        case .settleOwed(.edge(let id)): owedEdgeReadBacks.removeAll { $0 == id }
        case .setLinkLookups(let itemId, let lookups): linkLookups[itemId] = lookups.isEmpty ? nil : lookups
        case .setLastSynced(let time): lastSynced = time
        case .setDeclaredTypes(let types): declaredTypes = types
        case .setExpiry(let reason): expiry = reason
        }
    }

    /// `ids` (queued write ids in queue order) with `id` added at its place in the queue.
    private func inQueueOrder(_ ids: [String]?, adding id: String) -> [String] {
        var ids = ids ?? []
        let position = queuePosition[id] ?? queue.count
        ids.insert(id, at: ids.firstIndex { (queuePosition[$0] ?? 0) > position } ?? ids.count)
        return ids
    }

    private static func remove(_ id: String, under key: String, in map: inout ShardedDictionary<String, [String]>) {
        map[key]?.removeAll { $0 == id }
        if map[key]?.isEmpty == true { map[key] = nil }
    }

    /// Counts one more commit (a live commit or a replayed journal record).
    package mutating func countCommit() {
        commitCount += 1
    }

    /// The queued writes naming an item, in queue order.
    package func queuedWrites(onItem id: String) -> [QueuedWrite] {
        (queueIdsByItem[id] ?? []).compactMap { queuePosition[$0].map { queue[$0] } }
    }

    /// The queued writes naming an edge, in queue order.
    package func queuedWrites(onEdge id: String) -> [QueuedWrite] {
        (queueIdsByEdge[id] ?? []).compactMap { queuePosition[$0].map { queue[$0] } }
    }
}

extension CopyState: Equatable {
    /// Two states are equal when they hold the same rows, queue and sync state (adjacency follows from edges; the
    /// commit count is bookkeeping and not compared).
    package static func == (lhs: CopyState, rhs: CopyState) -> Bool {
        lhs.items == rhs.items && lhs.edges == rhs.edges && lhs.extensions == rhs.extensions
            && lhs.queue == rhs.queue && lhs.slice == rhs.slice && lhs.cursor == rhs.cursor
            && lhs.hydration == rhs.hydration && lhs.pins == rhs.pins && lhs.instanceId == rhs.instanceId
            && lhs.catalog == rhs.catalog && lhs.owedReadBacks == rhs.owedReadBacks
            && lhs.owedEdgeReadBacks == rhs.owedEdgeReadBacks && lhs.linkLookups == rhs.linkLookups
            && lhs.lastSynced == rhs.lastSynced && lhs.declaredTypes == rhs.declaredTypes
            && lhs.expiry == rhs.expiry
    }
}
