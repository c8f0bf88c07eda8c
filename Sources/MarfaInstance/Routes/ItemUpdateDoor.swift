import MarfaRules

/// `PATCH /items/{id}[?conflict=auto|manual|callback]` (P-38, P-61 to P-68, V-1 to V-11).
package enum ItemUpdateDoor {
    private static let accepted: Set<String> = [
        "version", "properties", "properties_mode", "tier", "occurred_at", "source_id", "type", "retype", "edges",
    ]

    /// Applies, merges or refuses one update.
    package static func update(_ request: DoorRequest) async -> Reply {
        let parsed: (IdempotencyClaim?, JSONObject, Bool)
        do throws(Refusal) {
            let query = try request.query(["conflict"])
            let conflict = query["conflict"] ?? "manual"
            guard ["auto", "manual", "callback"].contains(conflict) else {
                throw Refusal.validation("conflict takes auto, manual or callback.", details: ["field": "conflict"])
            }
            parsed = (try request.claim(), try request.body(), conflict == "auto")
        } catch {
            return error.reply
        }
        let (claim, body, auto) = parsed
        let now = DoorRequest.now()
        return await request.core.write(claim: claim) { state throws(Refusal) in
            try plan(body, id: request.segments[1], auto: auto, state: state, access: request.access, now: now)
        }
    }

    private static func plan(
        _ members: JSONObject, id: String, auto: Bool, state: InstanceState, access: Access, now: String
    ) throws(Refusal) -> WritePlan {
        let body = BodyFields(members)
        try body.refuseOthers(than: accepted)
        guard let version = try body.integer("version") else { throw Refusal.missingField("version") }
        guard version >= 0 else {
            throw Refusal.validation("version must not be negative.", details: ["field": "version"])
        }
        let current = try access.writable(id, in: state)
        var revision = ItemRevision(baseVersion: version)
        revision.auto = auto
        let mode = try body.string("properties_mode") ?? "merge"
        guard mode == "merge" || mode == "replace" else {
            throw Refusal.validation("properties_mode takes merge or replace.", details: ["field": "properties_mode"])
        }
        revision.replace = mode == "replace"
        let targetType = try retypeTarget(body, current: current, access: access)
        revision.type = targetType == current.item.type ? nil : targetType
        if let properties = try body.object("properties") {
            revision.properties = try carriedProperties(
                properties, replace: revision.replace, type: access.catalog.itemType(targetType))
        }
        if let tier = try body.string("tier") {
            guard let parsed = Tier(rawValue: tier) else {
                throw Refusal.validation("tier takes library or feed.", details: ["field": "tier"])
            }
            revision.tier = parsed
        }
        if body.has("occurred_at") {
            if let text = try body.string("occurred_at") {
                guard let instant = InstantText.canonical(text) else {
                    throw Refusal.validation(
                        "occurred_at must be an RFC 3339 timestamp.", details: ["field": "occurred_at"])
                }
                revision.occurredAt = instant
            } else {
                revision.occurredAt = current.item.createdAt
            }
        }
        if body.has("source_id") {
            revision.sourceId = try body.string("source_id").map { .set(.string($0)) } ?? .clear
        }
        let edges = try body.edgeMap("edges")
        revision.carriesEdges = edges != nil
        let carriesFields =
            revision.properties != nil || revision.tier != nil || revision.occurredAt != nil
            || revision.sourceId != nil || revision.type != nil
        guard carriesFields || edges != nil else {
            throw Refusal.validation(
                "The update changes nothing: name properties, tier, occurred_at, source_id, "
                    + "type or edges.")
        }
        let (fields, resolution) = try revision.resolve(against: current, in: state, catalog: access.catalog)
        let planner = RevisionPlanner(state: state, access: access, now: now)
        let next = try planner.revised(current, fields: fields)
        var plan = planner.plan(from: current, to: next)
        if let edges {
            try replaceEdges(edges, of: next, state: state, access: access, now: now, plan: &plan)
        }
        guard let resolution else { return plan }
        var copyId: String?
        if let properties = resolution.copyProperties {
            copyId = planner.addConflictedCopy(of: next, properties: properties, to: &plan)
        }
        var answer = WireShapes.itemAndMetadata(next)
        var settled: JSONObject = [
            "fields": .array(resolution.fields.map { .string($0.name) }),
            "strategy": .object(
                JSONObject(
                    sorting: Dictionary(
                        uniqueKeysWithValues: resolution.strategies.map { ($0.key.name, .string($0.value.rawValue)) }))),
        ]
        if let copyId { settled["conflicted_copy_id"] = .string(copyId) }
        answer["conflict_resolution"] = .object(settled)
        plan.reply = .ok(answer)
        return plan
    }

    /// The type the row has after the write: the current one, or under `retype: true` a new one the key writes.
    private static func retypeTarget(_ body: BodyFields, current: StoredItem, access: Access) throws(Refusal) -> String
    {
        guard let type = try body.string("type"), type != current.item.type else { return current.item.type }
        guard try body.bool("retype") == true else {
            throw Refusal(
                409, "type_mismatch", "The item is a \(current.item.type); send retype: true to change its type.",
                details: ["current_type": .string(current.item.type)])
        }
        guard FieldRules.isTypeName(type) else {
            throw Refusal.validation("\"\(type)\" is not a type.", details: ["field": "type"])
        }
        guard access.catalog.itemType(type) != nil else {
            throw Refusal(400, "unknown_type", "The catalog holds no type \"\(type)\".")
        }
        guard !type.hasPrefix("system.") else { throw Refusal.typeNotPermitted(type, level: .write) }
        try access.requireWrite(type)
        return type
    }

    /// The properties a write carries (P-68): under merge a null on an optional or undeclared property is left out
    /// and one on a required property refused; under replace a null is left out.
    private static func carriedProperties(_ properties: JSONObject, replace: Bool, type: ItemType?) throws(Refusal)
        -> JSONObject
    {
        if !replace, let type {
            for (name, value) in properties where value.isNull {
                if type.fields.contains(where: { $0.name == name && $0.required }) {
                    throw Refusal(
                        400, "invalid_properties", "\(name) is required by \(type.id) and cannot be null.",
                        details: ["errors": [["field": .string(name), "message": "required"]]])
                }
            }
        }
        return properties.filter { !$0.value.isNull }
    }

    /// Replaces the item's outbound edges of each named type with edges to the named targets (`[]` removes them).
    private static func replaceEdges(
        _ edges: [String: [String]], of item: StoredItem, state: InstanceState, access: Access, now: String,
        plan: inout WritePlan
    ) throws(Refusal) {
        var context = InstanceEdgeContext(state: state, catalog: access.catalog)
        for type in edges.keys.sorted() {
            try access.requireEdgeWrite(type)
            let targets = edges[type] ?? []
            let held = state.outboundEdges(of: item.id, type: type)
            for edge in held.sorted(by: { $0.id < $1.id }) where !targets.contains(edge.targetId) {
                context.removedEdges.insert(edge.id)
                plan.changes.append(.removeEdge(id: edge.id))
                plan.events.append(.edge(.edgeDeleted, edge, sourceType: item.item.type))
            }
            var seen = Set(held.map(\.targetId))
            for target in targets where seen.insert(target).inserted {
                let edge = try EdgeDrafting.draft(
                    sourceId: item.id, targetId: target, edgeType: type, access: access, context: &context, now: now)
                plan.changes.append(.putEdge(edge))
                plan.events.append(.edge(.edgeCreated, edge, sourceType: item.item.type))
            }
        }
    }
}
