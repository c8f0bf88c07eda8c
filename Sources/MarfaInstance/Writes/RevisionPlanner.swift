import MarfaRules

/// Turns resolved fields into a write (P-61, P-62, P-67): the prior version stored, the row at version + 1 checked
/// against its type and natural key, `item.updated`, and a conflicted copy when a keep-both field lost.
package struct RevisionPlanner {
    /// The state judged against.
    package let state: InstanceState
    /// What the caller may do.
    package let access: Access
    /// The write's time.
    package let now: String

    /// Makes a planner.
    package init(state: InstanceState, access: Access, now: String) {
        self.state = state
        self.access = access
        self.now = now
    }

    /// The changed row: `fields` over `current`, at the next version, checked.
    /// - Throws: `400 invalid_properties` for a row that no longer fits its type, `409 source_id_conflict` for a
    ///   natural key another row holds (bin included).
    package func revised(_ current: StoredItem, fields: VersionedFields, tags: [String]? = nil) throws(Refusal)
        -> StoredItem
    {
        guard let type = access.catalog.itemType(fields.type) else {
            throw Refusal(400, "unknown_type", "The catalog holds no type \"\(fields.type)\".")
        }
        try PropertyRules.checkValues(fields.properties, type: type)
        try PropertyRules.checkRequired(fields.properties, type: type)
        if let sourceId = fields.sourceId, sourceId != current.item.sourceId,
            let holder = state.item(forNaturalKey: NaturalKey(source: current.item.source, sourceId: sourceId)),
            holder.id != current.id
        {
            throw Refusal(
                409, "source_id_conflict", "Another item already holds source_id \(sourceId).",
                details: ["existing_id": .string(holder.id)])
        }
        var next = current
        next.item.type = fields.type
        next.item.properties = PropertyOrder.ordered(fields.properties, type: type, earlier: current.item.properties)
        next.item.tier = fields.tier
        next.item.occurredAt = fields.occurredAt
        next.item.sourceId = fields.sourceId
        next.item.version = current.item.version + 1
        next.item.updatedAt = now
        if let tags { next.item.tags = tags }
        return next
    }

    /// The plan that stores `current`'s version and writes `next`, announcing `item.updated`.
    package func plan(from current: StoredItem, to next: StoredItem) -> WritePlan {
        WritePlan(
            changes: [
                .appendVersion(
                    ItemVersion(
                        itemId: current.id, version: current.item.version, fields: VersionedFields(current.item))),
                .putItem(next),
            ],
            events: [.item(.itemUpdated, next)], reply: .ok(WireShapes.itemAndMetadata(next)))
    }

    /// Adds the conflicted copy of `original` holding `properties` (P-67): a new item tagged `conflicted-copy` with
    /// the original's source and no natural key, one `derived-from` edge to the original whatever the writer's
    /// grants, and copies of the original's own edges a second holder may take. Answers the copy's id.
    package func addConflictedCopy(of original: StoredItem, properties: JSONObject, to plan: inout WritePlan) -> String
    {
        var item = original.item
        item.id = ItemID.make()
        item.properties = properties
        item.tags = original.item.tags.contains(Self.copyTag) ? original.item.tags : original.item.tags + [Self.copyTag]
        item.sourceId = nil
        item.state = .active
        item.version = 1
        item.createdAt = now
        item.updatedAt = now
        let copy = StoredItem(
            item: item, captureLatitude: original.captureLatitude, captureLongitude: original.captureLongitude,
            extensions: original.extensions)
        plan.changes.append(.putItem(copy))
        plan.events.append(.item(.itemCreated, copy))
        var context = InstanceEdgeContext(state: state, catalog: access.catalog)
        context.addedItems[copy.id] = EdgeEndRecord(type: item.type, state: .active)
        var edges: [Edge] = []
        let link = Edge(
            id: ItemID.make(), sourceId: copy.id, targetId: original.id, edgeType: Self.provenance, version: 1,
            createdAt: now, updatedAt: now)
        context.addedEdges.append(link)
        edges.append(link)
        for held in state.outboundEdges(of: original.id).sorted(by: { $0.id < $1.id })
        where held.edgeType != Self.provenance {
            guard let edgeType = access.catalog.edgeType(held.edgeType), edgeType.cascadeOnDelete == .orphan,
                let copied = try? EdgeDrafting.draft(
                    sourceId: copy.id, targetId: held.targetId, edgeType: held.edgeType, properties: held.properties,
                    access: access, context: &context, now: now)
            else { continue }
            edges.append(copied)
        }
        for edge in edges {
            plan.changes.append(.putEdge(edge))
            plan.events.append(.edge(.edgeCreated, edge, sourceType: item.type))
        }
        return copy.id
    }

    /// The tag a conflicted copy carries.
    package static let copyTag = "conflicted-copy"
    /// The edge type linking a conflicted copy to its original.
    package static let provenance = "derived-from"
}
