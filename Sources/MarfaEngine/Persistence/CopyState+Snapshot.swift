import MarfaRules

extension CopyState {
    /// The changes that rebuild this state from empty: what a snapshot stores.
    package var asChanges: [StoreChange] {
        var changes: [StoreChange] = []
        changes.reserveCapacity(snapshotChangeCount)
        forEachSnapshotChange { changes.append($0) }
        return changes
    }

    /// How many changes `forEachSnapshotChange` hands out.
    var snapshotChangeCount: Int {
        Self.metadataChangeCount + (owedReadBacks.isEmpty ? 0 : 1) + (owedEdgeReadBacks.isEmpty ? 0 : 1)
            + linkLookups.count + (lastSynced == nil ? 0 : 1) + (declaredTypes.isEmpty ? 0 : 1)
            + (expiry == nil ? 0 : 1)
            + items.count + edges.count + queue.count
            + extensions.entries.reduce(0) { $0 + $1.value.count }
    }

    private static let metadataChangeCount = 7

    /// Calls `body` with each change that rebuilds this state from empty, in snapshot order: the sync state,
    /// then edges, items, extensions and the queue (Decision 0024); open restores any order exactly, since it
    /// applies every change in payload order (Decision 0052).
    func forEachSnapshotChange(_ body: (StoreChange) throws -> Void) rethrows {
        try forEachSnapshotPart(body) { try body(.putEdge($0.edge)) }
    }

    /// `forEachSnapshotChange` handing each edge over as the record the state holds and each item as it is held,
    /// gathering neither first, so an encoder writes the edges without building them (Decision 0069).
    func forEachSnapshotPart(_ body: (StoreChange) throws -> Void, edge: (EdgeRecord) throws -> Void) rethrows {
        let metadata: [StoreChange] = [
            .setSlice(slice), .setCursor(cursor), .setHydration(hydration), .setPins(pins),
            .setInstanceId(instanceId), .setCatalog(catalog), .setCommitCount(commitCount),
        ]
        assert(metadata.count == Self.metadataChangeCount)
        for change in metadata { try body(change) }
        if !owedReadBacks.isEmpty { try body(.setOwedReadBacks(owedReadBacks)) }
        if !owedEdgeReadBacks.isEmpty { try body(.setOwedEdgeReadBacks(owedEdgeReadBacks)) }
        if let lastSynced { try body(.setLastSynced(lastSynced)) }
        if !declaredTypes.isEmpty { try body(.setDeclaredTypes(declaredTypes)) }
        if let expiry { try body(.setExpiry(expiry)) }
        for itemId in linkLookups.keys.sorted() {
            try body(.setLinkLookups(itemId: itemId, lookups: linkLookups[itemId] ?? []))
        }
        try edges.forEachRecord(edge)
        try items.forEachRow { _, item in try body(.putItem(item)) }
        for (itemId, bodies) in extensions.entries {
            for (namespace, extensionBody) in bodies {
                try body(.putExtension(itemId: itemId, namespace: namespace, body: extensionBody))
            }
        }
        for write in queue { try body(.putQueuedWrite(write)) }
    }
}
