import MarfaRules

/// Turns edge writes into state changes and queue rows, refusing first what the instance would refuse for what
/// the copy holds, in the instance's order (F079–F091, WC-43).
package struct EdgeWritePlanner {
    private let state: CopyState
    private let context: WriteContext
    private let items: ItemWritePlanner

    /// Makes a planner over one moment of the state.
    package init(state: CopyState, context: WriteContext) {
        self.state = state
        self.context = context
        items = ItemWritePlanner(state: state, context: context)
    }

    /// Plans a new edge; `edges.check(from:to:type:…)` is this plan, thrown away.
    package func create(
        from source: String, to target: String, type: String, properties: JSONObject, id: String?
    ) throws(MarfaError) -> PlannedWrite {
        guard state.items[source] != nil else {
            throw MarfaError.invalid(message: "the copy does not hold item \(source), so it cannot start an edge (WC-43)")
        }
        try FieldRules.checkProperties(properties)
        let edgeId = id ?? context.mintId()
        guard ItemID.isWellFormed(edgeId), ItemID.isWellFormed(target) else {
            throw MarfaError.validation(code: "invalid_id", message: "edge ids and ends must be lowercase UUIDs")
        }
        if state.edges[edgeId] != nil {
            throw MarfaError.validation(code: "id_reused", message: "the copy already holds an edge with id \(edgeId)")
        }
        try EdgeRules.judge(
            EdgeProposal(sourceId: source, targetId: target, edgeType: type), in: CopyEdgeContext(state: state))
        let now = context.now()
        let edge = Edge(
            id: edgeId, sourceId: source, targetId: target, edgeType: type, properties: properties, version: 0,
            createdAt: now, updatedAt: now)
        var plan = PlannedWrite()
        plan.changes.append(.putEdge(edge))
        plan.queue(
            QueuedWrite(
                id: context.mintId(), kind: .createEdge, itemId: source, targetId: target, edgeId: edgeId,
                idempotencyKey: context.mintId(), dependsOn: pendingCreates(of: [source, target]),
                body: [
                    "id": .string(edgeId), "source_id": .string(source), "target_id": .string(target),
                    "edge_type": .string(type), "properties": .object(properties),
                ],
                queuedAt: now))
        return plan
    }

    /// Plans an edge edit, or nil when it changes nothing; `edges.check(_:moving:)` judges the move alone.
    package func update(_ id: String, _ edit: EdgeEdit) throws(MarfaError) -> PlannedWrite? {
        let held = try heldEdge(id)
        guard edit.baseVersion == held.version else {
            throw MarfaError.versionConflict(
                currentVersion: held.version,
                message: "the edge edit is based on version \(edit.baseVersion) but the copy holds \(held.version)")
        }
        try FieldRules.checkProperties(edit.properties)
        var edge = held
        var body: JSONObject = ["version": .integer(edit.baseVersion)]
        let merged = held.properties.merging(edit.properties.filter { !$0.value.isNull }) { _, new in new }
        if merged != held.properties {
            edge.properties = merged
            body["properties"] = .object(edit.properties)
        }
        if let move = edit.move {
            try judgeMove(held, move)
            switch move {
            case .source(let source) where source != held.sourceId:
                edge.sourceId = source
                body["source_id"] = .string(source)
            case .target(let target) where target != held.targetId:
                edge.targetId = target
                body["target_id"] = .string(target)
            default: break
            }
        }
        guard body.count > 1 else { return nil }
        let now = context.now()
        edge.updatedAt = now
        var plan = PlannedWrite()
        plan.changes.append(.putEdge(edge))
        plan.queue(edgeWrite(.updateEdge, edge: edge, baseVersion: held.version, body: body, now: now))
        return plan
    }

    /// Judges moving one end of a held edge, throwing what `update` would (F082, F090).
    package func judgeMove(_ edge: Edge, _ move: EdgeEdit.Move) throws(MarfaError) {
        try EdgeRules.judgeMove(edge, move, in: CopyEdgeContext(state: state))
    }

    /// The held edge `id`, or `notFound` / `not_held`.
    package func heldEdge(_ id: String) throws(MarfaError) -> Edge {
        guard let edge = state.edges[id] else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold edge \(id)")
        }
        return edge
    }

    /// Plans an edge removed.
    package func delete(_ id: String) throws(MarfaError) -> PlannedWrite {
        let held = try heldEdge(id)
        var plan = PlannedWrite()
        plan.changes.append(.removeEdge(id: id))
        plan.queue(edgeWrite(.deleteEdge, edge: held, baseVersion: held.version, body: [:], now: context.now()))
        return plan
    }

    private func edgeWrite(
        _ kind: WriteKind, edge: Edge, baseVersion: Int64, body: JSONObject, now: String
    ) -> QueuedWrite {
        var dependsOn = pendingCreates(of: [edge.sourceId, edge.targetId])
        if let create = state.queuedWrites(onEdge: edge.id).first(where: { $0.kind == .createEdge && $0.isUnanswered }) {
            dependsOn.append(create.id)
        }
        return QueuedWrite(
            id: context.mintId(), kind: kind, itemId: edge.sourceId, targetId: edge.targetId, edgeId: edge.id,
            baseVersion: baseVersion, idempotencyKey: context.mintId(), dependsOn: dependsOn,
            follows: QueueLinks.lastUnanswered(itemId: nil, edgeId: edge.id, in: state)?.id, body: body,
            queuedAt: now)
    }

    private func pendingCreates(of ids: [String]) -> [String] {
        ids.compactMap { QueueLinks.pendingCreate(of: $0, in: state)?.id }
    }
}
