import MarfaRules

/// `DELETE /items/{id}?version=`, `POST /items/{id}/restore`, `/transition` and `/purge` (P-39 to P-42).
package enum ItemStateDoors {
    /// Moves the row and its cascade to the bin at the version named; `{"ok": true}`.
    package static func delete(_ request: DoorRequest) async -> Reply {
        await versioned(request) { stored, version, state, now throws(Refusal) in
            if let version, version != stored.item.version {
                throw VersionEnvelopes.staleItem(stored, named: version)
            }
            return try TrashPlanner(state: state, catalog: request.access.catalog, now: now)
                .trash(stored, announcing: .itemDeleted, reply: .done)
        } load: { id, state throws(Refusal) in
            try request.access.writable(id, in: state)
        }
    }

    /// Brings a trashed row back to `active` with whatever its trash took.
    package static func restore(_ request: DoorRequest) async -> Reply {
        await plain(request) { stored, state, now throws(Refusal) in
            guard stored.item.state == .trashed else { throw Refusal.invalidTransition("The item is not in the bin.") }
            return TrashPlanner(state: state, catalog: request.access.catalog, now: now)
                .bringBack(stored, to: .active, announcing: .itemRestored)
        }
    }

    /// Moves a row along the lifecycle: active→archived|trashed, archived→active|trashed, trashed→active.
    package static func transition(_ request: DoorRequest) async -> Reply {
        let target: ItemState
        do throws(Refusal) {
            let body = BodyFields(try request.body())
            guard let text = try body.string("state") else { throw Refusal.missingField("state") }
            guard let state = ItemState(rawValue: text), state != .revoked else {
                throw Refusal.validation("state takes active, archived or trashed.", details: ["field": "state"])
            }
            target = state
        } catch {
            return error.reply
        }
        return await plain(request) { stored, state, now throws(Refusal) in
            let from = stored.item.state
            let allowed: [ItemState: Set<ItemState>] = [
                .active: [.archived, .trashed], .archived: [.active, .trashed], .trashed: [.active],
            ]
            guard allowed[from]?.contains(target) == true else {
                throw Refusal.invalidTransition("An item cannot move from \(from.rawValue) to \(target.rawValue).")
            }
            let planner = TrashPlanner(state: state, catalog: request.access.catalog, now: now)
            if target == .trashed {
                var moved = stored
                moved.item.state = .trashed
                return try planner.trash(
                    stored, announcing: .itemStateChanged, reply: .ok(WireShapes.itemAndMetadata(moved)))
            }
            if from == .trashed { return planner.bringBack(stored, to: target, announcing: .itemStateChanged) }
            var moved = stored
            moved.item.state = target
            moved.item.updatedAt = now
            return WritePlan(
                changes: [.putItem(moved)], events: [.item(.itemStateChanged, moved)],
                reply: .ok(WireShapes.itemAndMetadata(moved)))
        }
    }

    /// Removes a trashed row, its stored versions and every edge at either end (P-42): `edge.deleted` for each
    /// edge, then `item.purged`.
    package static func purge(_ request: DoorRequest) async -> Reply {
        guard request.access.key.permissions.contains(AccessKey.purgePermission) else {
            return Refusal(
                403, "forbidden", "Purging needs the items.purge permission.",
                details: ["required_scope": .string(AccessKey.purgePermission)]
            ).reply
        }
        return await versioned(request) { stored, version, state, _ throws(Refusal) in
            guard stored.item.state == .trashed else {
                throw Refusal.invalidTransition("Only an item in the bin can be purged.")
            }
            if let version, version != stored.item.version {
                throw VersionEnvelopes.staleItem(stored, named: version)
            }
            var plan = WritePlan(reply: .done)
            let touching = (state.outboundEdges(of: stored.id) + state.inboundEdges(of: stored.id))
            var seen: Set<String> = []
            for edge in touching.sorted(by: { $0.id < $1.id }) where seen.insert(edge.id).inserted {
                plan.changes.append(.removeEdge(id: edge.id))
                let sourceType = state.stored(edge.sourceId)?.item.type ?? stored.item.type
                plan.events.append(
                    .edge(.edgeDeleted, edge, sourceType: sourceType, extra: ["purged_with": .string(stored.id)]))
            }
            plan.changes.append(.removeItem(id: stored.id))
            plan.changes.append(.removeVersions(itemId: stored.id))
            plan.events.append(.item(.itemPurged, stored))
            return plan
        } load: { id, state throws(Refusal) in
            try request.access.writable(id, in: state, includingBin: true)
        }
    }

    /// Runs a write on the item named by the path, loaded with the bin included.
    private static func plain(
        _ request: DoorRequest,
        _ plan: @escaping (StoredItem, InstanceState, String) throws(Refusal) -> WritePlan
    ) async -> Reply {
        await versioned(request, allowVersion: false) { stored, _, state, now throws(Refusal) in
            try plan(stored, state, now)
        } load: { id, state throws(Refusal) in
            try request.access.writable(id, in: state, includingBin: true)
        }
    }

    /// Runs a write on the item named by the path with its optional `?version=` (positive, else `400`).
    private static func versioned(
        _ request: DoorRequest, allowVersion: Bool = true,
        _ plan: @escaping (StoredItem, Int64?, InstanceState, String) throws(Refusal) -> WritePlan,
        load: @escaping (String, InstanceState) throws(Refusal) -> StoredItem
    ) async -> Reply {
        let version: Int64?
        let claim: IdempotencyClaim?
        do throws(Refusal) {
            let query = try request.query(allowVersion ? ["version"] : [])
            version = try query["version"].map { text throws(Refusal) in
                guard let number = Int64(text), number > 0 else {
                    throw Refusal.validation("version must be a positive whole number.", details: ["field": "version"])
                }
                return number
            }
            claim = try request.claim()
        } catch {
            return error.reply
        }
        let now = DoorRequest.now()
        let id = request.segments[1]
        return await request.core.write(claim: claim) { state throws(Refusal) in
            try plan(try load(id, state), version, state, now)
        }
    }
}
