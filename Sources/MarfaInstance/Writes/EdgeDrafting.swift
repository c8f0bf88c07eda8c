import MarfaRules

/// New edges as every door makes them (P-46, P-90, P-91): permission, edge type, properties against its schema,
/// the target, then the shared edge rules, in the instance's order. Used by `POST /edges`, inline create edges,
/// edge replacement on `PATCH /items/{id}` and conflicted copies.
package enum EdgeDrafting {
    /// A new edge from `sourceId` (already checked) to `targetId`, judged against `context`, which records it so
    /// later edges of the same write see it.
    /// - Throws: `403 edge_permission_denied`, `404 edge_type_not_found`, `400 edge_cycle` for a self-loop,
    ///   `400 invalid_properties`, `400 invalid_id` or `404 item_not_found` for the target, and the edge rules'
    ///   refusals.
    package static func draft(
        id: String? = nil, sourceId: String, targetId: String, edgeType typeId: String, properties: JSONObject = [:],
        access: Access, context: inout InstanceEdgeContext, now: String, checkGrant: Bool = true
    ) throws(Refusal) -> Edge {
        if checkGrant { try access.requireEdgeWrite(typeId) }
        guard let edgeType = context.catalog.edgeType(typeId) else {
            throw Refusal(404, "edge_type_not_found", "The catalog holds no edge type \"\(typeId)\".")
        }
        if sourceId == targetId {
            throw Refusal(EdgeRefusal.selfLoop(typeId))
        }
        try checkProperties(properties, of: edgeType)
        guard ItemID.isWellFormed(targetId) else { throw Refusal.invalidId(targetId) }
        guard let target = context.end(targetId), target.state != .trashed,
            context.addedItems[targetId] != nil || access.reads(target.type)
        else { throw Refusal.itemNotFound() }
        do {
            try EdgeRules.judge(
                EdgeProposal(sourceId: sourceId, targetId: targetId, edgeType: typeId), in: context)
        } catch {
            throw Refusal(error)
        }
        let edge = Edge(
            id: id ?? ItemID.make(), sourceId: sourceId, targetId: targetId, edgeType: typeId, properties: properties,
            version: 1, createdAt: now, updatedAt: now)
        context.addedEdges.append(edge)
        return edge
    }

    /// Refuses properties that do not fit the edge type's schema: declared kinds, required ones, and anything
    /// undeclared on `in-folder`, which takes only `path`.
    package static func checkProperties(_ properties: JSONObject, of edgeType: EdgeType) throws(Refusal) {
        let schema = ItemType(id: edgeType.id, fields: edgeType.properties)
        try PropertyRules.checkValues(properties, type: schema)
        if let missing = PropertyRules.missingRequired(properties, type: schema) {
            throw Refusal(
                400, "invalid_properties", "\(missing) is required on \(edgeType.id) edges.",
                details: ["errors": [["field": .string(missing), "message": "required"]]])
        }
        if edgeType.id == EdgeType.folderPlacement {
            let extra = properties.keys.filter { name in !edgeType.properties.contains { $0.name == name } }.sorted()
            if let first = extra.first {
                throw Refusal(
                    400, "invalid_properties", "\(edgeType.id) edges take no property \(first).",
                    details: ["errors": [["field": .string(first), "message": "not accepted"]]])
            }
        }
    }
}
