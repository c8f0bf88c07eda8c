import MarfaRules

/// `POST /items` (P-37, P-59, V-12): client ids and acknowledged repeats, natural-key upserts, inline edges,
/// version 1.
package enum ItemCreateDoor {
    /// Creates, upserts, acknowledges or refuses one item.
    package static func create(_ request: DoorRequest) async -> Reply {
        let now = DoorRequest.now()
        return await request.writeJSON { body, state throws(Refusal) in
            try plan(BodyFields(body), state: state, access: request.access, now: now)
        }
    }

    private static func plan(_ body: BodyFields, state: InstanceState, access: Access, now: String) throws(Refusal)
        -> WritePlan
    {
        guard let typeId = try body.string("type") else { throw Refusal.missingField("type") }
        guard FieldRules.isTypeName(typeId) else {
            throw Refusal.validation("\"\(typeId)\" is not a type.", details: ["field": "type"])
        }
        guard let type = access.catalog.itemType(typeId) else {
            throw Refusal(
                400, "unknown_type", "The catalog holds no type \"\(typeId)\".", details: ["type": .string(typeId)])
        }
        guard !typeId.hasPrefix("system.") else { throw Refusal.typeNotPermitted(typeId, level: .write) }
        try access.requireWrite(typeId)
        if let id = try body.string("id") {
            guard ItemID.isWellFormed(id) else { throw Refusal.invalidId(id) }
            if let held = state.stored(id) {
                return try acknowledge(held, type: typeId, access: access)
            }
        }
        let source = try body.string("source") ?? access.key.source
        guard source == access.key.source || access.key.isOperator else {
            throw Refusal(
                403, "forbidden", "This key writes as source \(access.key.source), not \(source).",
                details: ["source": .string(source)])
        }
        let properties = (try body.object("properties") ?? [:]).filter { name, value in
            !(value.isNull && type.fields.contains { $0.name == name })
        }
        let sourceId = try body.string("source_id")
        let version = try body.integer("version")
        if let sourceId, let held = state.item(forNaturalKey: NaturalKey(source: source, sourceId: sourceId)) {
            return try upsert(
                held, type: typeId, properties: properties, body: body, version: version, state: state, access: access,
                now: now)
        }
        try PropertyRules.checkValues(properties, type: type)
        if let missing = PropertyRules.missingRequired(properties, type: type) {
            throw Refusal.missingField(missing)
        }
        let stored = StoredItem(
            item: Item(
                id: try body.string("id") ?? ItemID.make(), type: typeId,
                properties: PropertyOrder.ordered(properties, type: type),
                state: try initialState(body), tier: try tier(body) ?? access.key.defaultTier ?? .library, version: 1,
                source: source, sourceId: sourceId, occurredAt: try occurredAt(body) ?? now, createdAt: now,
                updatedAt: now, tags: try tags(body) ?? []),
            captureLatitude: try body.number("capture_latitude"), captureLongitude: try body.number("capture_longitude")
        )
        var plan = WritePlan(
            changes: [.putItem(stored)], events: [.item(.itemCreated, stored)],
            reply: .created(WireShapes.itemAndMetadata(stored)))
        var context = InstanceEdgeContext(state: state, catalog: access.catalog)
        context.addedItems[stored.id] = EdgeEndRecord(type: typeId, state: stored.item.state)
        let edges = try body.edgeMap("edges") ?? [:]
        for edgeType in edges.keys.sorted() {
            for target in edges[edgeType] ?? [] {
                let edge = try EdgeDrafting.draft(
                    sourceId: stored.id, targetId: target, edgeType: edgeType, access: access, context: &context,
                    now: now)
                plan.changes.append(.putEdge(edge))
                plan.events.append(.edge(.edgeCreated, edge, sourceType: typeId))
            }
        }
        return plan
    }

    /// A create naming a held id: acknowledged when it is this type's row, refused otherwise.
    private static func acknowledge(_ held: StoredItem, type: String, access: Access) throws(Refusal) -> WritePlan {
        guard access.reads(held.item.type) else {
            throw Refusal(409, "conflict", "The id is already taken.")
        }
        guard held.item.type == type else {
            throw Refusal(
                409, "id_reused", "The id names an item of another type.", details: ["differs": ["type"]])
        }
        var answer = WireShapes.itemAndMetadata(held)
        answer["acknowledged"] = true
        return WritePlan(reply: .ok(answer))
    }

    /// A create whose natural key resolves a row (P-37, V-12): acknowledged for a row in the bin, refused for another
    /// type, else an update of the named properties (tags and tier kept unless named), conditional when it carries a
    /// version.
    private static func upsert(
        _ held: StoredItem, type: String, properties: JSONObject, body: BodyFields, version: Int64?,
        state: InstanceState, access: Access, now: String
    ) throws(Refusal) -> WritePlan {
        guard access.reads(held.item.type) else {
            throw Refusal(409, "conflict", "The natural key belongs to an item this key cannot read.")
        }
        if held.item.state == .trashed {
            var answer = WireShapes.itemAndMetadata(held)
            answer["acknowledged"] = true
            return WritePlan(reply: .ok(answer))
        }
        guard held.item.type == type else {
            throw Refusal(
                409, "type_mismatch", "The natural key names an item of type \(held.item.type).",
                details: ["existing_id": .string(held.id), "current_type": .string(held.item.type)])
        }
        try access.requireWrite(held.item.type)
        var revision = ItemRevision(baseVersion: version ?? held.item.version)
        revision.properties = properties.filter { !$0.value.isNull }
        revision.tier = try tier(body)
        revision.occurredAt = try occurredAt(body)
        let (fields, _) = try revision.resolve(against: held, in: state, catalog: access.catalog)
        let planner = RevisionPlanner(state: state, access: access, now: now)
        let next = try planner.revised(held, fields: fields, tags: try tags(body))
        return planner.plan(from: held, to: next)
    }

    private static func initialState(_ body: BodyFields) throws(Refusal) -> ItemState {
        guard let text = try body.string("state") else { return .active }
        guard let state = ItemState(rawValue: text), state != .revoked else {
            throw Refusal.validation("state takes active, archived or trashed.", details: ["field": "state"])
        }
        return state
    }

    private static func tier(_ body: BodyFields) throws(Refusal) -> Tier? {
        guard let text = try body.string("tier") else { return nil }
        guard let tier = Tier(rawValue: text) else {
            throw Refusal.validation("tier takes library or feed.", details: ["field": "tier"])
        }
        return tier
    }

    private static func occurredAt(_ body: BodyFields) throws(Refusal) -> String? {
        guard let text = try body.string("occurred_at") else { return nil }
        guard let instant = InstantText.canonical(text) else {
            throw Refusal.validation("occurred_at must be an RFC 3339 timestamp.", details: ["field": "occurred_at"])
        }
        return instant
    }

    private static func tags(_ body: BodyFields) throws(Refusal) -> [String]? {
        guard let named = try body.strings("tags") else { return nil }
        return try TagRules.set(named)
    }
}
