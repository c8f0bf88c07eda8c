import MarfaRules

extension InstanceState {
    /// The whole state as one batch of changes that rebuilds it through `apply(_:)`: rows in created order (so the
    /// order indexes fill by appends), then versions, the log and its head, idempotency records, keys and the id.
    /// - Complexity: O(n log n) in rows, edges and events.
    package var snapshotChanges: [InstanceChange] {
        var changes: [InstanceChange] = [.setInstanceId(instanceId)]
        changes.reserveCapacity(items.count + edges.count + log.events.count + 8)
        for key in keys.keys.sorted() {
            if let record = keys[key] { changes.append(.putKey(record)) }
        }
        changes.append(contentsOf: registeredTypes.map(InstanceChange.putType))
        for key in createdOrder.keys {
            if let stored = items[key.id] { changes.append(.putItem(stored)) }
        }
        let orderedEdges = edges.values.sorted { RowKey($0.createdAt, $0.id) < RowKey($1.createdAt, $1.id) }
        changes.append(contentsOf: orderedEdges.map(InstanceChange.putEdge))
        for itemId in versions.keys.sorted() {
            changes.append(contentsOf: (versions[itemId] ?? []).map(InstanceChange.appendVersion))
        }
        changes.append(contentsOf: log.events.map(InstanceChange.appendEvent))
        changes.append(.setLogHead(log.head))
        changes.append(contentsOf: idempotency.values.map(InstanceChange.putIdempotency))
        return changes
    }
}
