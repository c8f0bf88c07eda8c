import MarfaRules

/// Turns one event from the log into the copy's changes (WC-18 to WC-25, Q-12): the row upserted, kept, removed
/// or skipped by the version and slice rules, waiting writes laid back over it, and the cursor moved with it.
///
/// A pure rule over one `CopyState`: `CopyActor.stageEvent` judges with it and applies what it answers in the same
/// turn, so no write can land between the judgement and the apply.
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
    /// The time waiting writes are laid over at, asked only when one is.
    let now: () -> String

    /// An applier judging events against `state`, laying waiting writes over at `now`.
    init(state: CopyState, now: @escaping () -> String) {
        self.state = state
        self.now = now
        membership = state.sliceMembership
    }

    /// Whether `event` would bring a never-held row into the slice, so its edges must be fetched first (WC-25);
    /// the item's id when so.
    func needsEdgesFirst(_ event: LogEvent) -> String? {
        guard case .item(let kind, let row, _) = event else { return nil }
        let plan = EventApplyRule.plan(
            kind, itemId: row.id, type: row.type, tier: row.tier, version: row.version,
            heldVersion: state.items[row.id]?.version, slice: membership)
        return plan == .enter(fetchEdgesFirst: true) ? row.id : nil
    }

    /// The changes for `event`, the move to `cursor` last; `enteringEdges` are a row's edges, fetched first when it
    /// enters the slice.
    func outcome(of event: LogEvent, cursor: String, enteringEdges: [Edge]) -> Outcome {
        var outcome: Outcome
        switch event {
        case .item(let kind, let row, let metadata):
            outcome = item(kind, row: row, metadata: metadata, enteringEdges: enteringEdges)
        case .metadataChanged(let row, let metadata):
            outcome = state.items[row.id] == nil
                ? Outcome(changes: [], skipped: false)
                : item(.metadataChanged, row: row, metadata: metadata, enteringEdges: [])
        case .itemPurged(let itemId):
            outcome = Outcome(changes: removal(of: itemId, keepingWholeEdges: false), skipped: false)
        case .edge(let kind, let edge):
            outcome = self.edge(kind, edge: edge)
        }
        outcome.changes.append(.setCursor(cursor))
        return outcome
    }

    private func item(_ kind: EventKind, row: Item, metadata: EventMetadata?, enteringEdges: [Edge]) -> Outcome {
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
                let heldNamespaces = state.extensions[row.id]?.keys.sorted() ?? []
                for namespace in heldNamespaces where metadata.extensions[namespace] == nil {
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
            changes.append(.settleOwed(.item(row.id)))
        }
        // A row of a type the catalog does not describe, even read again, is skipped (WC-27, issue 28 point 21).
        let undescribed = plan == .ignore && !state.catalog.holdsItemType(row.type)
        return Outcome(changes: changes, skipped: plan == .skipStale || undescribed)
    }

    private func edge(_ kind: EventKind, edge: Edge) -> Outcome {
        let held = state.edges[edge.id]
        let plan = EventApplyRule.plan(
            kind, edgeType: edge.edgeType, version: edge.version, heldVersion: held?.version,
            sourceHeld: state.items[edge.sourceId] != nil, slice: membership)
        var changes: [StoreChange] = []
        switch plan {
        case .apply:
            let laid = LayOver.edge(edge, laidOverBy: state.queuedWrites(onEdge: edge.id), state: state, now: now())
            changes.append(laid.map(StoreChange.putEdge) ?? .removeEdge(id: edge.id))
        case .remove: changes.append(.removeEdge(id: edge.id))
        case .skipStale, .ignore: break
        }
        if plan != .skipStale, plan != .ignore, state.owedEdgeReadBacks.contains(edge.id) {
            changes.append(.settleOwed(.edge(edge.id)))
        }
        return Outcome(changes: changes, skipped: plan == .skipStale)
    }

    private func laidOver(_ row: Item) -> Item {
        let waiting = state.queuedWrites(onItem: row.id)
        guard !waiting.isEmpty else { return row }
        return LayOver.item(row, laidOverBy: waiting, now: now()) ?? row
    }

    /// The changes that take `itemId` out of the copy with its outbound edges (every edge at either end, and its
    /// pin, for a purge); edges of types held whole stay when the row only leaves the slice.
    private func removal(of itemId: String, keepingWholeEdges: Bool) -> [StoreChange] {
        let kept = keepingWholeEdges ? membership.wholeEdgeTypes : nil
        var changes = state.removal(of: itemId, keepingWholeEdgesOf: kept)
        if !keepingWholeEdges, state.pins.contains(itemId) { changes.append(.removePin(itemId)) }
        return changes
    }
}
