import Foundation
import MarfaEngine

/// Turns one event from the log into the copy's changes (WC-18 to WC-25, Q-12): the row upserted, kept, removed
/// or skipped by the version and slice rules, waiting writes laid back over it, and the cursor moved with it.
struct EventApplier {
    /// What applying one event does.
    struct Outcome {
        /// The changes to commit, the cursor move included.
        var changes: [StoreChange]
        /// Whether the event counts as skipped (stale) rather than applied.
        var skipped: Bool
    }

    let state: CopyState
    /// The slice membership of the copy's state, worked out once for every event judged against it.
    let membership: SliceMembership
    /// An applier judging events against `state`.
    init(state: CopyState) {
        self.state = state
        membership = Self.membership(of: state)
    }

    /// The slice membership of `state`: its slice's types, tier and whole edge types, and its pins.
    static func membership(of state: CopyState) -> SliceMembership {
        state.sliceMembership
    }

    /// The changes for an item event; `enteringEdges` are the row's edges, fetched first when it enters (WC-25).
    func item(
        _ kind: EventKind, id: EventID, row: Item, metadata: EventMetadata?, enteringEdges: [Edge]
    ) -> Outcome {
        let held = state.items[row.id]
        let plan = EventApplyRule.plan(
            kind, itemId: row.id, type: row.type, tier: row.tier, version: row.version, heldVersion: held?.version,
            slice: membership)
        var changes: [StoreChange] = []
        switch plan {
        case .apply, .enter:
            var incoming = row
            incoming.tags = metadata?.tags ?? (row.tags.isEmpty ? held?.tags ?? [] : row.tags)
            changes.append(.putItem(laidOver(incoming)))
            if let metadata {
                for namespace in state.extensions[row.id]?.keys.sorted() ?? [] where metadata.extensions[namespace] == nil {
                    changes.append(.removeExtension(itemId: row.id, namespace: namespace))
                }
                for (namespace, body) in metadata.extensions.sorted(by: { $0.key < $1.key }) {
                    changes.append(.putExtension(itemId: row.id, namespace: namespace, body: body))
                }
            }
            changes.append(contentsOf: enteringEdges.map(StoreChange.putEdge))
        case .leave:
            changes.append(contentsOf: removal(of: row.id, keepingWholeEdges: true))
        case .purge:
            changes.append(contentsOf: removal(of: row.id, keepingWholeEdges: false))
        case .skipStale, .ignore:
            break
        }
        if plan != .skipStale, plan != .ignore, state.owedReadBacks.contains(row.id) {
            changes.append(.setOwedReadBacks(state.owedReadBacks.filter { $0 != row.id }))
        }
        changes.append(.setCursor(id.description))
        return Outcome(changes: changes, skipped: plan == .skipStale)
    }

    /// The changes for an edge event.
    func edge(_ kind: EventKind, id: EventID, edge: Edge) -> Outcome {
        let held = state.edges[edge.id]
        let plan = EventApplyRule.plan(
            kind, edgeType: edge.edgeType, version: edge.version, heldVersion: held?.version,
            sourceHeld: state.items[edge.sourceId] != nil, slice: membership)
        var changes: [StoreChange] = []
        switch plan {
        case .apply:
            let now = Timestamp.string(from: Date())
            let laid = LayOver.edge(edge, laidOverBy: state.queuedWrites(onEdge: edge.id), state: state, now: now)
            changes.append(laid.map(StoreChange.putEdge) ?? .removeEdge(id: edge.id))
        case .remove: changes.append(.removeEdge(id: edge.id))
        case .skipStale, .ignore: break
        }
        if plan != .skipStale, plan != .ignore, state.owedEdgeReadBacks.contains(edge.id) {
            changes.append(.setOwedEdgeReadBacks(state.owedEdgeReadBacks.filter { $0 != edge.id }))
        }
        changes.append(.setCursor(id.description))
        return Outcome(changes: changes, skipped: plan == .skipStale)
    }

    /// The changes for tags and extensions changing on a held row.
    func metadata(id: EventID, row: Item, metadata: EventMetadata) -> Outcome {
        guard state.items[row.id] != nil else { return Outcome(changes: [.setCursor(id.description)], skipped: false) }
        return item(.metadataChanged, id: id, row: row, metadata: metadata, enteringEdges: [])
    }

    /// The changes for a purge: the row, every edge at either end, and its pin go (WC-24).
    func purge(id: EventID, itemId: String) -> Outcome {
        Outcome(changes: removal(of: itemId, keepingWholeEdges: false) + [.setCursor(id.description)], skipped: false)
    }

    /// Whether an item event would bring a never-held row into the slice, so its edges must be fetched first.
    func needsEdgesFirst(_ kind: EventKind, row: Item) -> Bool {
        let plan = EventApplyRule.plan(
            kind, itemId: row.id, type: row.type, tier: row.tier, version: row.version,
            heldVersion: state.items[row.id]?.version, slice: membership)
        return plan == .enter(fetchEdgesFirst: true)
    }

    private func laidOver(_ row: Item) -> Item {
        let waiting = state.queuedWrites(onItem: row.id)
        guard !waiting.isEmpty else { return row }
        return LayOver.item(row, laidOverBy: waiting, now: Timestamp.string(from: Date())) ?? row
    }

    private func removal(of itemId: String, keepingWholeEdges: Bool) -> [StoreChange] {
        let whole = membership.wholeEdgeTypes
        var changes: [StoreChange] = [.removeItem(id: itemId)]
        var edgeIds = state.edgesFrom[itemId] ?? []
        if !keepingWholeEdges { edgeIds.formUnion(state.edgesTo[itemId] ?? []) }
        for edgeId in edgeIds.sorted() {
            guard let edge = state.edges[edgeId], !(keepingWholeEdges && whole.contains(edge.edgeType)) else { continue }
            changes.append(.removeEdge(id: edgeId))
        }
        if !keepingWholeEdges, state.pins.contains(itemId) {
            changes.append(.setPins(state.pins.filter { $0 != itemId }))
        }
        return changes
    }
}
