import MarfaRules

extension InstanceState {
    /// The item `id`, any state, or nil.
    package func stored(_ id: String) -> StoredItem? {
        items[id]
    }

    /// The outbound edges of item `id` (its sources' side), of `type` when given.
    package func outboundEdges(of id: String, type: String? = nil) -> [Edge] {
        (outbound[id] ?? []).compactMap { edges[$0] }.filter { type == nil || $0.edgeType == type }
    }

    /// The inbound edges of item `id`, of `type` when given.
    package func inboundEdges(of id: String, type: String? = nil) -> [Edge] {
        (inbound[id] ?? []).compactMap { edges[$0] }.filter { type == nil || $0.edgeType == type }
    }

    /// The stored version `version` of item `id`, or nil when it was never stored.
    package func version(_ version: Int64, of id: String) -> ItemVersion? {
        guard let stored = versions[id] else { return nil }
        var low = 0
        var high = stored.count
        while low < high {
            let middle = (low + high) / 2
            if stored[middle].version < version { low = middle + 1 } else { high = middle }
        }
        return low < stored.count && stored[low].version == version ? stored[low] : nil
    }

    /// The stored versions of item `id`, oldest first.
    package func storedVersions(of id: String) -> [ItemVersion] {
        versions[id] ?? []
    }

    /// The item a natural key resolves to, any state.
    package func item(forNaturalKey key: NaturalKey) -> StoredItem? {
        naturalKeys[key].flatMap { items[$0] }
    }
}
