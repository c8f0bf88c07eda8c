import MarfaRules

/// Everything the reference instance holds, as plain values: rows with their indexes, edges with adjacency, stored
/// versions, the event log, idempotency records and keys. Only `apply(_:)` changes it, for the live path and for
/// recovery alike; indexes are derived and kept in step there.
package struct InstanceState: Sendable {
    /// The id `GET /` answers (P-6).
    package var instanceId = ""
    /// Every item by id, the bin included.
    package private(set) var items: [String: StoredItem] = [:]
    /// The item id each natural key resolves to (P-59).
    package private(set) var naturalKeys: [NaturalKey: String] = [:]
    /// Every item in `(created_at, id)` order.
    package private(set) var createdOrder = OrderedKeys()
    /// The items of each type in `(created_at, id)` order.
    package private(set) var createdByType: [String: OrderedKeys] = [:]
    /// Every edge by id.
    package private(set) var edges: [String: Edge] = [:]
    /// The ids of each item's outbound edges.
    package private(set) var outbound: [String: Set<String>] = [:]
    /// The ids of each item's inbound edges.
    package private(set) var inbound: [String: Set<String>] = [:]
    /// The edges of each edge type in `(created_at, id)` order.
    package private(set) var edgesByType: [String: OrderedKeys] = [:]
    /// Each item's stored prior versions, oldest first (P-62).
    package private(set) var versions: [String: [ItemVersion]] = [:]
    /// The event log.
    package private(set) var log = EventLog()
    /// The kept answers to writes with idempotency keys.
    package private(set) var idempotency: [IdempotencyRecord.Key: IdempotencyRecord] = [:]
    /// The narrowed keys by secret.
    package private(set) var keys: [String: AccessKey] = [:]
    /// The item types registered with `POST /types` (P-21), as declared, in registration order.
    package private(set) var registeredTypes: [ItemType] = []

    /// Makes an empty state.
    package init() {}

    /// Applies one change, keeping every index in step.
    /// - Complexity: O(log n) for most changes; an insert into the middle of an order index moves its tail.
    package mutating func apply(_ change: InstanceChange) {
        switch change {
        case .putItem(let stored): put(stored)
        case .removeItem(let id): removeItem(id)
        case .putEdge(let edge): put(edge)
        case .removeEdge(let id): removeEdge(id)
        case .appendVersion(let version): versions[version.itemId, default: []].append(version)
        case .removeVersions(let itemId): versions[itemId] = nil
        case .appendEvent(let event): log.append(event)
        case .trimLog(let through): log.trim(through: through)
        case .rollbackLog(let position): log.rollback(to: position)
        case .setLogHead(let position): log.setHead(position)
        case .putIdempotency(let record): idempotency[record.key] = record
        case .setInstanceId(let id): instanceId = id
        case .putKey(let key): keys[key.secret] = key
        case .putType(let type):
            registeredTypes.removeAll { $0.id == type.id }
            registeredTypes.append(type)
        }
    }

    private mutating func put(_ stored: StoredItem) {
        if let old = items[stored.id] {
            if old.item.type != stored.item.type {
                createdByType[old.item.type]?.remove(old.createdKey)
                createdByType[stored.item.type, default: OrderedKeys()].insert(stored.createdKey)
            }
            if let key = naturalKey(of: old.item), naturalKeys[key] == old.id { naturalKeys[key] = nil }
        } else {
            createdOrder.insert(stored.createdKey)
            createdByType[stored.item.type, default: OrderedKeys()].insert(stored.createdKey)
        }
        if let key = naturalKey(of: stored.item) { naturalKeys[key] = stored.id }
        items[stored.id] = stored
    }

    private mutating func removeItem(_ id: String) {
        guard let old = items.removeValue(forKey: id) else { return }
        createdOrder.remove(old.createdKey)
        createdByType[old.item.type]?.remove(old.createdKey)
        if let key = naturalKey(of: old.item), naturalKeys[key] == id { naturalKeys[key] = nil }
    }

    private mutating func put(_ edge: Edge) {
        if let old = edges[edge.id] {
            outbound[old.sourceId]?.remove(old.id)
            inbound[old.targetId]?.remove(old.id)
        } else {
            edgesByType[edge.edgeType, default: OrderedKeys()].insert(RowKey(edge.createdAt, edge.id))
        }
        edges[edge.id] = edge
        outbound[edge.sourceId, default: []].insert(edge.id)
        inbound[edge.targetId, default: []].insert(edge.id)
    }

    private mutating func removeEdge(_ id: String) {
        guard let old = edges.removeValue(forKey: id) else { return }
        outbound[old.sourceId]?.remove(id)
        inbound[old.targetId]?.remove(id)
        edgesByType[old.edgeType]?.remove(RowKey(old.createdAt, old.id))
    }

    private func naturalKey(of item: Item) -> NaturalKey? {
        item.sourceId.map { NaturalKey(source: item.source, sourceId: $0) }
    }
}
