import MarfaRules

/// `POST /edges`, `PATCH /edges/{id}` and `DELETE /edges/{id}` (P-46 to P-48, V-11): every check through the shared
/// edge rules, edges never merged.
package enum EdgeWriteDoors {
    /// Creates an edge (`201 {"edge"}`, version 1), or acknowledges the same id and triple (`200`).
    package static func create(_ request: DoorRequest) async -> Reply {
        let parsed: (IdempotencyClaim?, JSONObject)
        do throws(Refusal) {
            _ = try request.query([])
            parsed = (try request.claim(), try request.body())
        } catch {
            return error.reply
        }
        let now = DoorRequest.now()
        let access = request.access
        return await request.core.write(claim: parsed.0) { state throws(Refusal) in
            let body = BodyFields(parsed.1)
            try body.refuseOthers(than: ["id", "source_id", "target_id", "edge_type", "properties"])
            guard let sourceId = try body.string("source_id") else { throw Refusal.missingField("source_id") }
            guard let targetId = try body.string("target_id") else { throw Refusal.missingField("target_id") }
            guard let edgeType = try body.string("edge_type") else { throw Refusal.missingField("edge_type") }
            let id = try body.string("id")
            for text in [id, sourceId, targetId].compactMap({ $0 }) where !ItemID.isWellFormed(text) {
                throw Refusal.invalidId(text)
            }
            let source = try access.readable(sourceId, in: state)
            try access.requireWrite(source.item.type)
            try access.requireEdgeWrite(edgeType)
            if let id, let held = state.edges[id] {
                guard held.sourceId == sourceId, held.targetId == targetId, held.edgeType == edgeType else {
                    throw Refusal(
                        409, "id_reused", "The edge id names another edge.",
                        details: ["differs": .array(differences(held, sourceId, targetId, edgeType))])
                }
                return WritePlan(reply: .ok(["edge": WireShapes.edge(held), "acknowledged": true]))
            }
            var context = InstanceEdgeContext(state: state, catalog: access.catalog)
            let edge = try EdgeDrafting.draft(
                id: id, sourceId: sourceId, targetId: targetId, edgeType: edgeType,
                properties: try body.object("properties") ?? [:], access: access, context: &context, now: now)
            return WritePlan(
                changes: [.putEdge(edge)], events: [.edge(.edgeCreated, edge, sourceType: source.item.type)],
                reply: .created(["edge": WireShapes.edge(edge)]))
        }
    }

    /// Merges properties and moves at most one end at the exact current version (`200 {"edge"}`, version + 1).
    package static func update(_ request: DoorRequest) async -> Reply {
        let parsed: (IdempotencyClaim?, JSONObject)
        do throws(Refusal) {
            _ = try request.query([])
            parsed = (try request.claim(), try request.body())
        } catch {
            return error.reply
        }
        let now = DoorRequest.now()
        let access = request.access
        let id = request.segments[1]
        return await request.core.write(claim: parsed.0) { state throws(Refusal) in
            let body = BodyFields(parsed.1)
            let edge = try readableEdge(id, state: state, access: access)
            try body.refuseOthers(than: ["version", "properties", "source_id", "target_id"])
            guard let version = try body.integer("version") else { throw Refusal.missingField("version") }
            guard version == edge.version else { throw VersionEnvelopes.staleEdge(edge, named: version) }
            try access.requireEdgeWrite(edge.edgeType)
            let newSource = try body.string("source_id")
            let newTarget = try body.string("target_id")
            let properties = try body.object("properties")
            if newSource != nil, newTarget != nil {
                throw Refusal.validation("An edge update moves at most one end.")
            }
            guard properties != nil || newSource != nil || newTarget != nil else {
                throw Refusal.missingField("properties")
            }
            var next = edge
            if let move = try move(edge, source: newSource, target: newTarget, state: state, access: access) {
                next.sourceId = move.source
                next.targetId = move.target
            }
            for (name, value) in properties ?? [:] { next.properties[name] = value.isNull ? nil : value }
            if let edgeType = access.catalog.edgeType(edge.edgeType) {
                try EdgeDrafting.checkProperties(next.properties, of: edgeType)
            }
            next.version += 1
            next.updatedAt = now
            let sourceType = state.stored(next.sourceId)?.item.type ?? ""
            return WritePlan(
                changes: [.putEdge(next)], events: [.edge(.edgeUpdated, next, sourceType: sourceType)],
                reply: .ok(["edge": WireShapes.edge(next)]))
        }
    }

    /// Removes an edge; `{"ok": true}`.
    package static func delete(_ request: DoorRequest) async -> Reply {
        let claim: IdempotencyClaim?
        do throws(Refusal) {
            _ = try request.query([])
            claim = try request.claim()
        } catch {
            return error.reply
        }
        let access = request.access
        let id = request.segments[1]
        return await request.core.write(claim: claim) { state throws(Refusal) in
            let edge = try readableEdge(id, state: state, access: access)
            try access.requireEdgeWrite(edge.edgeType)
            let sourceType = state.stored(edge.sourceId)?.item.type ?? ""
            return WritePlan(
                changes: [.removeEdge(id: edge.id)], events: [.edge(.edgeDeleted, edge, sourceType: sourceType)],
                reply: .done)
        }
    }

    /// The edge `id` when the key reads it, else `404 edge_not_found` (malformed ids included, P-12).
    private static func readableEdge(_ id: String, state: InstanceState, access: Access) throws(Refusal) -> Edge {
        guard let edge = state.edges[id], access.reads(edge, sourceType: state.stored(edge.sourceId)?.item.type)
        else { throw Refusal.edgeNotFound }
        return edge
    }

    /// The ends after moving one (P-47), judged by the shared rules; nil when neither end moves.
    private static func move(
        _ edge: Edge, source: String?, target: String?, state: InstanceState, access: Access
    ) throws(Refusal) -> (source: String, target: String)? {
        let moving: EdgeEdit.Move
        let newEnd: String
        if let source, source != edge.sourceId {
            moving = .source(source)
            newEnd = source
        } else if let target, target != edge.targetId {
            moving = .target(target)
            newEnd = target
        } else {
            return nil
        }
        guard ItemID.isWellFormed(newEnd) else { throw Refusal.invalidId(newEnd) }
        guard let end = state.stored(newEnd), access.reads(end.item.type), end.item.state != .trashed else {
            throw Refusal.itemNotFound()
        }
        do {
            try EdgeRules.judgeMove(edge, moving, in: InstanceEdgeContext(state: state, catalog: access.catalog))
        } catch {
            throw Refusal(error)
        }
        if case .source(let id) = moving { return (id, edge.targetId) }
        return (edge.sourceId, newEnd)
    }

    private static func differences(_ held: Edge, _ source: String, _ target: String, _ type: String) -> [JSONValue] {
        var names: [JSONValue] = []
        if held.sourceId != source { names.append("source_id") }
        if held.targetId != target { names.append("target_id") }
        if held.edgeType != type { names.append("edge_type") }
        return names
    }
}
