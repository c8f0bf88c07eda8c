import MarfaRules

/// Turns item writes into state changes and queue rows, refusing before anything is queued what the
/// instance would refuse as malformed (seed 000, "Drafts" and "Edits"; WC-63: no version is ever minted).
package struct ItemWritePlanner {
    /// The state the write is judged against.
    package let state: CopyState
    /// The clock and id source.
    package let context: WriteContext

    /// Makes a planner over one moment of the state.
    package init(state: CopyState, context: WriteContext) {
        self.state = state
        self.context = context
    }

    /// Plans a create: one write carrying state, location and edges, then one tag write each (WC-64, F067–F070);
    /// a create the slice does not take pins itself (WC-41).
    package func create(_ draft: Draft) throws(MarfaError) -> PlannedWrite {
        try FieldRules.checkType(draft.type)
        guard state.catalog.itemType(draft.type) != nil else {
            throw MarfaError.unknownType(message: "the catalog has no type \(draft.type)")
        }
        try FieldRules.checkProperties(draft.properties)
        if draft.state == .revoked {
            throw MarfaError.validation(code: "validation_error", message: "an item cannot be created revoked")
        }
        for coordinate in [draft.captureLatitude, draft.captureLongitude].compactMap({ $0 }) where !coordinate.isFinite {
            throw MarfaError.validation(code: "validation_error", message: "a capture coordinate must be a finite number")
        }
        if (draft.captureLatitude == nil) != (draft.captureLongitude == nil) {
            throw MarfaError.validation(code: "validation_error", message: "give both capture coordinates or neither")
        }
        let id = draft.id ?? context.mintId()
        guard ItemID.isWellFormed(id) else {
            throw MarfaError.validation(code: "invalid_id", message: "\"\(id)\" is not a lowercase UUID")
        }
        if state.items[id] != nil {
            throw MarfaError.validation(code: "id_reused", message: "the copy already holds an item with id \(id)")
        }
        if draft.tags.count > FieldRules.maximumTags {
            throw MarfaError.validation(
                code: "validation_error", message: "an item holds at most \(FieldRules.maximumTags) tags")
        }
        for tag in draft.tags { try FieldRules.checkTag(tag) }
        var occurredAt: String?
        if let given = draft.occurredAt {
            guard let normalized = Timestamp.normalized(given) else {
                throw MarfaError.validation(code: "validation_error", message: "occurred_at \"\(given)\" is not RFC 3339")
            }
            occurredAt = normalized
        }
        let now = context.now()
        let tier = draft.tier ?? defaultTier
        let item = Item(
            id: id, type: draft.type, properties: draft.properties, state: draft.state ?? .active, tier: tier,
            version: 0, source: draft.source ?? "", sourceId: draft.sourceId, occurredAt: occurredAt ?? now,
            createdAt: now, updatedAt: now, tags: [])
        var plan = PlannedWrite()
        plan.changes.append(.putItem(item))
        plan.changes += AutoPin.changes(creating: item, in: state)
        var judged = CopyEdgeContext(state: state)
        judged.addedItems[id] = item
        var dependsOn: [String] = []
        for (edgeType, targets) in draft.edges.sorted(by: { $0.key < $1.key }) {
            for target in targets {
                guard ItemID.isWellFormed(target) else {
                    throw MarfaError.validation(code: "invalid_id", message: "edge target \"\(target)\" is not an id")
                }
                if let pending = QueueLinks.pendingCreate(of: target, in: state), !dependsOn.contains(pending.id) {
                    dependsOn.append(pending.id)
                }
                let proposal = EdgeProposal(sourceId: id, targetId: target, edgeType: edgeType)
                try EdgeRules.judge(proposal, in: judged)
                judged.addedEdges.append(
                    Edge(id: "", sourceId: id, targetId: target, edgeType: edgeType, createdAt: now, updatedAt: now))
            }
        }
        var body: JSONObject = ["id": .string(id), "type": .string(draft.type), "properties": .object(draft.properties)]
        body["tier"] = .string(tier.rawValue)
        if let state = draft.state { body["state"] = .string(state.rawValue) }
        if let occurredAt { body["occurred_at"] = .string(occurredAt) }
        if let source = draft.source { body["source"] = .string(source) }
        if let sourceId = draft.sourceId { body["source_id"] = .string(sourceId) }
        if let latitude = draft.captureLatitude { body["capture_latitude"] = .number(latitude) }
        if let longitude = draft.captureLongitude { body["capture_longitude"] = .number(longitude) }
        if let version = draft.baseVersion { body["version"] = .integer(version) }
        if !draft.edges.isEmpty {
            body["edges"] = .object(JSONObject(sorting: draft.edges.mapValues { .array($0.map(JSONValue.string)) }))
        }
        let create = QueuedWrite(
            id: context.mintId(), kind: .createItem, itemId: id, baseVersion: draft.baseVersion,
            idempotencyKey: context.mintId(), dependsOn: dependsOn, body: body, queuedAt: now)
        plan.queue(create)
        plan.changes.append(contentsOf: LayOver.inlineEdges(of: create).map(StoreChange.putEdge))
        var shown = item
        var previous = create
        for tag in draft.tags where !shown.tags.contains(tag) {
            shown.tags.append(tag)
            var write = chainedWrite(.addTag, itemId: id, body: ["tags": [.string(tag)]], now: now)
            write.tag = tag
            write.dependsOn = [create.id]
            write.follows = previous.id
            plan.queue(write)
            previous = write
        }
        if shown != item { plan.changes.append(.putItem(shown)) }
        return plan
    }

    /// Refuses an edit's base before queueing (V-20, Decision 0088): a plain edit names the held version (0 for an
    /// own unanswered create); one declared as read may name an older version above 0; anything else is `invalid`.
    static func checkBase(_ base: Int64, held: Int64, asRead: Bool) throws(MarfaError) {
        if base == held { return }
        if asRead, base > 0, base < held { return }
        let why = base > held
            ? "newer than the held version \(held)"
            : base <= 0 ? "which the instance never minted; the copy holds version \(held)"
            : "older than the held version \(held); an edit made on an earlier read is sent as read"
        throw MarfaError.invalid(message: "the edit is based on version \(base), \(why)")
    }

    /// Plans an edit; `update` requires the held version, `updateAsRead` takes an older one (F059, F071–F076).
    package func update(_ id: String, _ edit: Edit, asRead: Bool) throws(MarfaError) -> PlannedWrite {
        let held = try heldItem(id)
        if edit.occurredAt != nil && edit.clearOccurredAt {
            throw MarfaError.validation(
                code: "validation_error", message: "occurredAt and clearOccurredAt cannot be combined")
        }
        try Self.checkBase(edit.baseVersion, held: held.version, asRead: asRead)
        try FieldRules.checkProperties(edit.properties)
        if let type = edit.type {
            try FieldRules.checkType(type)
            guard state.catalog.itemType(type) != nil else {
                throw MarfaError.unknownType(message: "the catalog has no type \(type); nothing was queued")
            }
        }
        var item = held
        var body: JSONObject = ["version": .integer(edit.baseVersion)]
        let named = edit.properties.filter { !$0.value.isNull }
        if edit.replaceProperties || !edit.clearProperties.isEmpty {
            var whole = edit.replaceProperties ? named : held.properties.merging(named) { _, new in new }
            for name in edit.clearProperties { whole[name] = nil }
            item.properties = whole
            body["properties"] = .object(whole)
            body["properties_mode"] = "replace"
        } else if !edit.properties.isEmpty {
            item.properties.merge(named) { _, new in new }
            body["properties"] = .object(edit.properties)
        }
        if let type = edit.type, type != held.type {
            item.type = type
            body["type"] = .string(type)
            body["retype"] = true
        }
        if let tier = edit.tier, tier != held.tier {
            item.tier = tier
            body["tier"] = .string(tier.rawValue)
        }
        if let sourceId = edit.sourceId {
            item.sourceId = sourceId
            body["source_id"] = .string(sourceId)
        }
        if let occurredAt = edit.occurredAt {
            guard let normalized = Timestamp.normalized(occurredAt) else {
                throw MarfaError.validation(code: "validation_error", message: "occurredAt is not RFC 3339")
            }
            item.occurredAt = normalized
            body["occurred_at"] = .string(normalized)
        } else if edit.clearOccurredAt {
            item.occurredAt = held.createdAt
            body["occurred_at"] = .null
        }
        guard body.count > 1 else {
            throw MarfaError.validation(code: "missing_required_field", message: "the edit changes nothing")
        }
        let now = context.now()
        item.updatedAt = now
        let read = edit.baseVersion == held.version ? EditReading.read(of: body, shown: held) : nil
        return itemWrite(.updateItem, item: item, baseVersion: edit.baseVersion, body: body, now: now, read: read)
    }

    /// Plans a move to the bin at the held version (F060).
    package func delete(_ id: String) throws(MarfaError) -> PlannedWrite {
        let held = try heldItem(id)
        var item = held
        item.state = .trashed
        let now = context.now()
        item.updatedAt = now
        return itemWrite(.deleteItem, item: item, baseVersion: held.version, body: [:], now: now)
    }

    /// Plans a restore out of the bin, also for an item the copy does not hold (F061).
    package func restore(_ id: String) throws(MarfaError) -> PlannedWrite {
        guard ItemID.isWellFormed(id) else {
            throw MarfaError.validation(code: "invalid_id", message: "\"\(id)\" is not a lowercase UUID")
        }
        let now = context.now()
        guard var item = state.items[id] else {
            var plan = PlannedWrite()
            plan.queue(chainedWrite(.restoreItem, itemId: id, body: [:], now: now))
            return plan
        }
        guard item.state == .trashed else {
            throw MarfaError.validation(code: "invalid_transition", message: "the item is not in the bin")
        }
        item.state = .active
        item.updatedAt = now
        return itemWrite(.restoreItem, item: item, baseVersion: nil, body: [:], now: now)
    }

    /// Plans a change of state along the instance's allowed moves (F062, P-41).
    package func transition(_ id: String, to target: ItemState) throws(MarfaError) -> PlannedWrite {
        guard target != .revoked else {
            throw MarfaError.validation(code: "validation_error", message: "no item can be moved to revoked")
        }
        guard var item = state.items[id] else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold item \(id)")
        }
        let allowed: [ItemState: Set<ItemState>] = [
            .active: [.archived, .trashed], .archived: [.active, .trashed], .trashed: [.active],
        ]
        guard allowed[item.state, default: []].contains(target) else {
            throw MarfaError.validation(
                code: "invalid_transition", message: "an item cannot move from \(item.state) to \(target)")
        }
        item.state = target
        let now = context.now()
        item.updatedAt = now
        return itemWrite(.transitionItem, item: item, baseVersion: nil, body: ["state": .string(target.rawValue)], now: now)
    }

    /// The tier a create with none is sent and shown at: the slice's, else library.
    private var defaultTier: Tier {
        state.slice?.tier == .feed ? .feed : .library
    }

    /// The item a write names, refusing one the copy does not hold or shows in the bin.
    package func heldItem(_ id: String) throws(MarfaError) -> Item {
        guard let item = state.items[id], item.state != .trashed else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold item \(id)")
        }
        return item
    }

    /// The plan that shows `item` and queues its write; `read` is what an edit read (`QueuedWrite.read`).
    private func itemWrite(
        _ kind: WriteKind, item: Item, baseVersion: Int64?, body: JSONObject, now: String, read: JSONObject? = nil
    ) -> PlannedWrite {
        var plan = PlannedWrite()
        plan.changes.append(.putItem(item))
        var write = chainedWrite(kind, itemId: item.id, baseVersion: baseVersion, body: body, now: now)
        write.read = read
        plan.queue(write)
        return plan
    }

    /// A write on `itemId` waiting on its pending create and following its last unanswered write.
    package func chainedWrite(
        _ kind: WriteKind, itemId: String, baseVersion: Int64? = nil, body: JSONObject, now: String
    ) -> QueuedWrite {
        QueuedWrite(
            id: context.mintId(), kind: kind, itemId: itemId, baseVersion: baseVersion,
            idempotencyKey: context.mintId(),
            dependsOn: QueueLinks.pendingCreate(of: itemId, in: state).map { [$0.id] } ?? [],
            follows: QueueLinks.lastUnanswered(itemId: itemId, edgeId: nil, in: state)?.id, body: body,
            queuedAt: now)
    }
}
