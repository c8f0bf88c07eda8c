import MarfaRules

/// Moves into and out of the bin with their cascades (P-39 to P-41, P-92): trashing follows outbound `cascade`
/// edges (`parent-of`) at every depth and is refused by `block` edges; restoring brings back exactly what that
/// trash took, each row to the state it left. Versions never move; `updated_at` does.
package struct TrashPlanner {
    /// The state judged against.
    package let state: InstanceState
    /// The catalog the edge types are read from.
    package let catalog: CatalogSnapshot
    /// The write's time.
    package let now: String

    /// Makes a planner.
    package init(state: InstanceState, catalog: CatalogSnapshot, now: String) {
        self.state = state
        self.catalog = catalog
        self.now = now
    }

    /// Puts `root` and everything its cascade takes in the bin, announcing `event` for each row, root first.
    /// - Throws: `400 edge_constraint_violation` with `details.blocking_edges` when a `block` edge holds a row.
    package func trash(_ root: StoredItem, announcing event: EventKind, reply: Reply) throws(Refusal) -> WritePlan {
        var took: [String] = []
        var seen: Set<String> = [root.id]
        var queue = [root.id]
        var blocking: [String] = []
        while !queue.isEmpty {
            let id = queue.removeFirst()
            for edge in state.outboundEdges(of: id).sorted(by: { $0.id < $1.id }) {
                switch catalog.edgeType(edge.edgeType)?.cascadeOnDelete {
                case .block?:
                    blocking.append(edge.id)
                case .cascade?:
                    guard let target = state.stored(edge.targetId), target.item.state != .trashed,
                        seen.insert(target.id).inserted
                    else { continue }
                    took.append(target.id)
                    queue.append(target.id)
                case .orphan?, nil:
                    continue
                }
            }
        }
        guard blocking.isEmpty else {
            throw Refusal(
                400, "edge_constraint_violation", "Edges that block deletion hold this item.",
                details: ["blocking_edges": .array(blocking.map(JSONValue.string)), "constraint": "block"])
        }
        var plan = WritePlan(reply: reply)
        var rootRow = root
        rootRow.item.state = .trashed
        rootRow.item.updatedAt = now
        rootRow.cascade = took.isEmpty ? nil : .root(took: took)
        record(rootRow, event, in: &plan)
        for id in took {
            guard var member = state.stored(id) else { continue }
            member.cascade = .member(root: root.id, priorState: member.item.state)
            member.item.state = .trashed
            member.item.updatedAt = now
            record(member, event, in: &plan)
        }
        return plan
    }

    /// Brings `root` out of the bin to `state` with whatever its trash took, each to the state it left; the root
    /// announces `rootEvent` (`item.restored` carries `restored_with`), every row brought back `item.restored`.
    package func bringBack(_ root: StoredItem, to target: ItemState, announcing rootEvent: EventKind) -> WritePlan {
        var rootRow = root
        rootRow.item.state = target
        rootRow.item.updatedAt = now
        var members: [StoredItem] = []
        if case .root(let took)? = root.cascade {
            for id in took {
                guard var member = state.stored(id), member.item.state == .trashed,
                    case .member(let by, let prior)? = member.cascade, by == root.id
                else { continue }
                member.item.state = prior
                member.item.updatedAt = now
                member.cascade = nil
                members.append(member)
            }
        }
        rootRow.cascade = nil
        var plan = WritePlan(reply: .ok(WireShapes.itemAndMetadata(rootRow)))
        plan.changes.append(.putItem(rootRow))
        let extra: JSONObject =
            rootEvent == .itemRestored && !members.isEmpty
            ? ["restored_with": .array(members.map { .string($0.id) })] : [:]
        plan.events.append(.item(rootEvent, rootRow, extra: extra))
        for member in members { record(member, .itemRestored, in: &plan) }
        return plan
    }

    private func record(_ row: StoredItem, _ event: EventKind, in plan: inout WritePlan) {
        plan.changes.append(.putItem(row))
        plan.events.append(.item(event, row))
    }
}
