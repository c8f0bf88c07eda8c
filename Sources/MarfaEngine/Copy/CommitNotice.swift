import MarfaRules

/// Why a commit happened: a local write, an event from the log, or a refresh such as a hydration.
package enum CommitOrigin: Sendable, Hashable {
    case local(WriteKind)
    case server(event: String, cursor: String)
    case refreshed(String)
    case housekeeping
    /// A save by the writer process, taken in by a reading handle; `commit` is the commit count it reached.
    case saved(commit: UInt64)
}

/// What one durable commit changed, as listeners hear it once it is on disk.
package struct CommitNotice: Sendable, Hashable {
    /// Why the commit happened.
    package var origin: CommitOrigin
    /// Items written.
    package var items: [String] = []
    /// Items removed.
    package var removedItems: [String] = []
    /// Edges written.
    package var edges: [String] = []
    /// Edges removed.
    package var removedEdges: [String] = []
    /// Whether the queue changed.
    package var queue = false
    /// Whether the catalog changed.
    package var catalog = false
    /// Whether every row may have changed (rows were cleared).
    package var everything = false
    /// The items at either end of each edge written or removed, before and after (F144: `changes(since:)` names an
    /// item when an edge at either end changed); empty unless made with `edgeEnds(of:before:)`.
    package var edgeEnds: [String] = []

    /// Whether an index keyed by titles must be built again rather than refreshed from `items` and `removedItems`:
    /// the catalog names the title fields, and a cleared copy names no rows.
    package var reindexesTitles: Bool { catalog || everything }

    /// Summarises a batch of changes.
    package init(origin: CommitOrigin, changes: [StoreChange]) {
        self.origin = origin
        for change in changes {
            switch change {
            case .putItem(let item): items.append(item.id)
            case .removeItem(let id): removedItems.append(id)
            case .putEdge(let edge): edges.append(edge.id)
            case .removeEdge(let id): removedEdges.append(id)
            case .putExtension(let itemId, _, _), .removeExtension(let itemId, _): items.append(itemId)
            case .putQueuedWrite(let write):
                queue = true
                if let itemId = write.itemId, write.edgeId == nil { items.append(itemId) }
            case .removeQueuedWrite: queue = true
            case .clearRows: everything = true
            case .setCatalog: catalog = true
            case .setPins(let pins): items.append(contentsOf: pins)
            case .addPin(let id), .removePin(let id): items.append(id)
            case .setSlice, .setCursor, .setHydration, .setInstanceId, .setCommitCount, .setOwedReadBacks,
                .setOwedEdgeReadBacks, .owe, .settleOwed, .setLinkLookups, .setLastSynced,
                .setDeclaredTypes, .setExpiry:
                break
            }
        }
        items = Self.unique(items)
        edges = Self.unique(edges)
    }

    /// The items at either end of each edge `changes` write or remove, read from `state` as it was before them.
    /// - Complexity: O(edge changes).
    package static func edgeEnds(of changes: [StoreChange], before state: CopyState) -> [String] {
        var ends: [String] = []
        for change in changes {
            switch change {
            case .putEdge(let edge):
                ends += [edge.sourceId, edge.targetId]
                if let old = state.edges[edge.id] { ends += [old.sourceId, old.targetId] }
            case .removeEdge(let id):
                if let old = state.edges[id] { ends += [old.sourceId, old.targetId] }
            default: continue
            }
        }
        return unique(ends)
    }

    private static func unique(_ ids: [String]) -> [String] {
        guard ids.count > 1 else { return ids }
        var seen = Set<String>(minimumCapacity: ids.count)
        return ids.filter { seen.insert($0).inserted }
    }
}
