import Foundation
import MarfaRules

/// Lays waiting writes over rows that came from the instance (Q-12, WC-34): each write's effect, read from the
/// body it will send, applied in queue order on top of the server's row.
package enum LayOver {
    /// The changes that lay every waiting write (unanswered or blocked) over `state`, in queue order.
    package static func changes(over state: CopyState, now: String) -> [StoreChange] {
        var items: [String: Item] = [:]
        var edges: [String: Edge?] = [:]
        var extensions: [StoreChange] = []
        for write in state.queue where isWaiting(write) {
            apply(write, state: state, items: &items, edges: &edges, extensions: &extensions, now: now)
        }
        var changes = items.values.sorted { $0.id < $1.id }.map(StoreChange.putItem)
        for (id, edge) in edges.sorted(by: { $0.key < $1.key }) {
            changes.append(edge.map(StoreChange.putEdge) ?? .removeEdge(id: id))
        }
        return changes + extensions
    }

    /// The row one write leaves, laid over `item` (nil when the write does not touch an item row).
    package static func item(after write: QueuedWrite, on item: Item?, now: String) -> Item? {
        let body = write.body
        switch write.kind {
        case .createItem:
            if let item { return item }
            guard let id = write.itemId, let type = body["type"]?.string else { return nil }
            return Item(
                id: id, type: type, properties: body["properties"]?.object ?? [:],
                state: body["state"]?.string.flatMap(ItemState.init(rawValue:)) ?? .active,
                tier: body["tier"]?.string.flatMap(Tier.init(rawValue:)) ?? .library, version: 0,
                source: body["source"]?.string ?? "", sourceId: body["source_id"]?.string,
                occurredAt: body["occurred_at"]?.string ?? write.queuedAt, createdAt: write.queuedAt,
                updatedAt: write.queuedAt)
        case .updateItem:
            guard var item else { return nil }
            if let properties = body["properties"]?.object {
                if body["properties_mode"]?.string == "replace" {
                    item.properties = properties.filter { !$0.value.isNull }
                } else {
                    item.properties.merge(properties.filter { !$0.value.isNull }) { _, new in new }
                }
            }
            if let type = body["type"]?.string { item.type = type }
            if let tier = body["tier"]?.string.flatMap(Tier.init(rawValue:)) { item.tier = tier }
            if let sourceId = body["source_id"]?.string { item.sourceId = sourceId }
            if let occurred = body["occurred_at"] { item.occurredAt = occurred.string ?? item.createdAt }
            item.updatedAt = max(item.updatedAt, now)
            return item
        case .deleteItem: return item.map { changed($0, now) { $0.state = .trashed } }
        case .restoreItem: return item.map { changed($0, now) { $0.state = .active } }
        case .transitionItem:
            guard let state = body["state"]?.string.flatMap(ItemState.init(rawValue:)) else { return item }
            return item.map { changed($0, now) { $0.state = state } }
        case .addTag:
            guard let tag = write.tag else { return item }
            return item.map { changed($0, now) { if !$0.tags.contains(tag) { $0.tags.append(tag) } } }
        case .removeTag:
            guard let tag = write.tag else { return item }
            return item.map { changed($0, now) { $0.tags.removeAll { $0 == tag } } }
        case .replaceMetadata, .mergeMetadata:
            let tags = body["tags"]?.array?.compactMap(\.string) ?? []
            let merging = write.kind == .mergeMetadata
            return item.map { changed($0, now) { row in
                var result = merging ? row.tags : []
                for tag in tags where !result.contains(tag) { result.append(tag) }
                row.tags = result
            } }
        default: return item
        }
    }

    private static func apply(
        _ write: QueuedWrite, state: CopyState, items: inout [String: Item], edges: inout [String: Edge?],
        extensions: inout [StoreChange], now: String
    ) {
        switch write.kind {
        case .createEdge, .updateEdge, .deleteEdge:
            guard let edgeId = write.edgeId else { return }
            let current = edges[edgeId] ?? state.edges[edgeId]
            edges[edgeId] = edge(after: write, on: current, state: state, now: now)
        case .writeExtension, .deleteExtension:
            guard let itemId = write.itemId, let namespace = write.namespace else { return }
            extensions.append(
                write.kind == .writeExtension
                    ? .putExtension(itemId: itemId, namespace: namespace, body: write.body)
                    : .removeExtension(itemId: itemId, namespace: namespace))
        case .uploadBlob: return
        default:
            guard let itemId = write.itemId else { return }
            if let laid = item(after: write, on: items[itemId] ?? state.items[itemId], now: now) {
                items[itemId] = laid
            }
            if write.kind == .createItem {
                for edge in inlineEdges(of: write) where edges[edge.id] == nil && state.edges[edge.id] == nil {
                    edges[edge.id] = edge
                }
            }
        }
    }

    /// The edge one write leaves, laid over `edge` (nil when the write leaves no edge).
    package static func edge(after write: QueuedWrite, on edge: Edge?, state: CopyState, now: String) -> Edge? {
        let body = write.body
        switch write.kind {
        case .createEdge:
            if let edge { return edge }
            guard let id = write.edgeId, let source = body["source_id"]?.string, let target = body["target_id"]?.string,
                let type = body["edge_type"]?.string, state.items[source] != nil || isHeldWhole(type, state)
            else { return nil }
            return Edge(
                id: id, sourceId: source, targetId: target, edgeType: type,
                properties: body["properties"]?.object ?? [:], version: 0, createdAt: write.queuedAt,
                updatedAt: write.queuedAt)
        case .updateEdge:
            guard var edge else { return nil }
            if let properties = body["properties"]?.object {
                edge.properties.merge(properties.filter { !$0.value.isNull }) { _, new in new }
            }
            if let source = body["source_id"]?.string { edge.sourceId = source }
            if let target = body["target_id"]?.string { edge.targetId = target }
            edge.updatedAt = max(edge.updatedAt, now)
            return edge
        default:
            return nil
        }
    }

    /// The edges a create carries in its body, shown until the instance answers with its own (F067, F068).
    ///
    /// Their ids are derived from the write's id, the edge type and the target, so the planner and every later
    /// lay-over name the same edge.
    package static func inlineEdges(of write: QueuedWrite) -> [Edge] {
        guard write.kind == .createItem, let source = write.itemId, let map = write.body["edges"]?.object else {
            return []
        }
        return map.keys.sorted().flatMap { type in
            (map[type]?.array ?? []).compactMap(\.string).map { target in
                Edge(
                    id: derivedId(write.id, type, target), sourceId: source, targetId: target, edgeType: type,
                    version: 0, createdAt: write.queuedAt, updatedAt: write.queuedAt)
            }
        }
    }

    private static func derivedId(_ parts: String...) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in parts.joined(separator: "\u{1F}").utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01B3 &+ 0x9E37
        }
        let hex = String(format: "%016llx%016llx", first, second)
        let characters = Array(hex)
        var id = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        id[2] = "8" + id[2].dropFirst()
        id[3] = "a" + id[3].dropFirst()
        return id.joined(separator: "-")
    }

    private static func isHeldWhole(_ type: String, _ state: CopyState) -> Bool {
        state.slice?.edgeTypes.contains(type) ?? false
    }

    private static func changed(_ item: Item, _ now: String, _ change: (inout Item) -> Void) -> Item {
        var item = item
        change(&item)
        item.updatedAt = max(item.updatedAt, now)
        return item
    }

    /// `item` with every waiting write of `writes` (the writes queued on its row, in queue order) laid over it
    /// passing over edge writes and the write `except` names; nil when no row is left.
    package static func item(
        _ item: Item?, laidOverBy writes: [QueuedWrite], except: String? = nil, now: String
    ) -> Item? {
        var result = item
        for write in writes where write.id != except && write.edgeId == nil && isWaiting(write) {
            result = self.item(after: write, on: result, now: now)
        }
        return result
    }

    /// `edge` with every waiting write of `writes` (the writes queued on it, in queue order) laid over it,
    /// passing over the write `except` names; nil when a waiting delete leaves no edge.
    package static func edge(
        _ edge: Edge?, laidOverBy writes: [QueuedWrite], except: String? = nil, state: CopyState, now: String
    ) -> Edge? {
        var result = edge
        for write in writes where write.id != except && isWaiting(write) {
            result = self.edge(after: write, on: result, state: state, now: now)
        }
        return result
    }

    /// Whether a write still waits to be laid over: unanswered, or blocked.
    package static func isWaiting(_ write: QueuedWrite) -> Bool {
        switch write.verdict {
        case nil, .blocked?: return true
        default: return false
        }
    }
}
