import MarfaRules

extension CopyActor {
    /// Plans a write against the state as it is now, commits its changes durably, and returns its queued writes.
    ///
    /// Planning and the synchronous part of the commit run with no suspension between them, so no other write
    /// can slip in between the judgement and the change.
    package func perform(
        _ plan: (CopyState, WriteContext) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> [QueuedWrite] {
        try ensureOpen()
        guard role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let awaitsFill = try writesAwaitFill()
        let planned: PlannedWrite
        do {
            planned = try plan(state, configuration.writeContext)
        } catch {
            throw awaitsFill ? Self.duringFill(error) : error
        }
        try await commitJudged(planned.changes, origin: planned.writes.first.map { .local($0.kind) } ?? .housekeeping)
        return planned.writes
    }

    /// Queues a create (seed 000, "Drafts").
    package func create(_ draft: Draft) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).create(draft)
        }
    }

    /// Queues an edit; `asRead` takes an edit based on an older version (seed 000, "Edits"). An edit that saves the
    /// body makes its links' edges in the same write (`bodyLinks(saving:)`, F100).
    package func update(_ id: String, _ edit: Edit, asRead: Bool) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            var plan = try ItemWritePlanner(state: state, context: context).update(id, edit, asRead: asRead)
            bodyLinks(saving: edit, of: id, in: &plan, state: state, context: context)
            return plan
        }
    }

    /// Queues a move to the bin.
    package func delete(_ id: String) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).delete(id)
        }
    }

    /// Queues a restore out of the bin.
    package func restore(_ id: String) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).restore(id)
        }
    }

    /// Queues a change of state.
    package func transition(_ id: String, to target: ItemState) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            try ItemWritePlanner(state: state, context: context).transition(id, to: target)
        }
    }

    /// Queues a tag, metadata or extension write planned by `body`.
    package func metadataWrite(
        _ body: (MetadataWritePlanner) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> QueuedWrite {
        try await firstWrite { state, context throws(MarfaError) in
            try body(MetadataWritePlanner(state: state, context: context))
        }
    }

    func firstWrite(
        _ plan: (CopyState, WriteContext) throws(MarfaError) -> PlannedWrite
    ) async throws(MarfaError) -> QueuedWrite {
        let writes = try await perform(plan)
        guard let main = writes.first else { throw MarfaError.invalid(message: "the write queued nothing") }
        return main
    }
}

extension CopyActor {
    /// Queues an edge create after judging it against what the copy holds.
    package func createEdge(
        from source: String, to target: String, type: String, properties: JSONObject, id: String?
    ) async throws(MarfaError) -> QueuedWrite {
        try gateEdgeWrite()
        return try await firstWrite { state, context throws(MarfaError) in
            try EdgeWritePlanner(state: state, context: context)
                .create(from: source, to: target, type: type, properties: properties, id: id)
        }
    }

    /// Throws what `createEdge` would throw now, and queues nothing.
    package func checkEdge(from source: String, to target: String, type: String, properties: JSONObject, id: String?)
        throws(MarfaError)
    {
        try gateEdgeWrite()
        _ = try EdgeWritePlanner(state: state, context: configuration.writeContext)
            .create(from: source, to: target, type: type, properties: properties, id: id)
    }

    /// Queues an edge edit, or answers nil when it changes nothing.
    package func updateEdge(_ id: String, _ edit: EdgeEdit) async throws(MarfaError) -> QueuedWrite? {
        try gateEdgeWrite()
        guard let plan = try EdgeWritePlanner(state: state, context: configuration.writeContext).update(id, edit) else {
            return nil
        }
        return try await firstWrite { _, _ in plan }
    }

    /// Throws what moving one end of an edge would throw now, and queues nothing.
    package func checkEdge(_ id: String, moving move: EdgeEdit.Move) throws(MarfaError) {
        try gateEdgeWrite()
        let planner = EdgeWritePlanner(state: state, context: configuration.writeContext)
        try planner.judgeMove(try planner.heldEdge(id), move)
    }

    /// Queues an edge removed.
    package func deleteEdge(_ id: String) async throws(MarfaError) -> QueuedWrite {
        try gateEdgeWrite()
        return try await firstWrite { state, context throws(MarfaError) in
            try EdgeWritePlanner(state: state, context: context).delete(id)
        }
    }
}

extension CopyActor {
    /// Ends the hydration `fill`: lays every waiting write over the new rows (WC-34), stores the head cursor, the
    /// instance and its catalog, owes no read-back any more (every row was read), and marks the copy whole, all in
    /// one durable step; an in-place refill first removes the held rows it did not bring and no waiting write needs
    /// (F130), and the copy is no longer expired. Throws `canceled`, changing nothing, when a later fill has begun.
    package func finishHydration(
        _ fill: FillToken, cursor: String, instanceId: String, catalog: CatalogSnapshot
    ) async throws(MarfaError) {
        try checkCurrent(fill)
        let sweep = refillSweep(fill)
        refill = nil
        let layOver = LayOver.changes(over: state, now: configuration.writeContext.now())
        try await commitJudged(
            sweep + layOver + [
                .setCursor(cursor), .setInstanceId(instanceId), .setCatalog(catalog), .setHydration(.complete),
                .setOwedReadBacks([]), .setOwedEdgeReadBacks([]), .setExpiry(nil),
            ],
            origin: .refreshed("hydrated"))
    }
}

extension CopyActor {
    /// Drops a refused write that nothing waits on; the copy's rows stay as they are. Answers whether it took.
    package func discard(_ id: String) async throws(MarfaError) -> Bool {
        guard let position = state.queuePosition[id] else { return false }
        let write = state.queue[position]
        guard case .refused? = write.verdict else { return false }
        let waitedOn = state.queue.contains { $0.dependsOn.contains(id) || ($0.follows == id && $0.isUnanswered) }
        guard !waitedOn else { return false }
        try await commitJudged([.removeQueuedWrite(id: id)], origin: .refreshed("withdrawn"))
        return true
    }

    /// The write a withdraw may take: only one blocked `ancestor_unavailable` or `conflict_unresolved`.
    package func withdrawable(_ id: String) throws(MarfaError) -> QueuedWrite {
        guard let write = try withdrawCandidate(id) else {
            throw MarfaError.invalid(
                message: "only a write blocked ancestor_unavailable or conflict_unresolved can be withdrawn; "
                    + "\(id) is \(try queuedWrite(id).verdict?.name ?? "unanswered")")
        }
        return write
    }

    /// The write a withdraw may take, or nil when write `id` is queued but not blocked `ancestor_unavailable`
    /// or `conflict_unresolved`; throws `not_found` for no such write.
    package func withdrawCandidate(_ id: String) throws(MarfaError) -> QueuedWrite? {
        let write = try queuedWrite(id)
        switch write.verdict {
        case .blocked(.ancestorUnavailable, _)?, .blocked(.conflictUnresolved, _)?: return write
        default: return nil
        }
    }

    /// Drops a withdrawn write and resets its row, and its edge for an edge write, to the server's, with the
    /// remaining writes laid over; a nil `serverEdge` drops the edge. The writes a withdrawn create held are
    /// refused unsent in the same step, never to be released (`WithdrawnDependants`).
    package func withdraw(_ id: String, serverRow: Item?, serverEdge: Edge? = nil) async throws(MarfaError) {
        let write = try withdrawable(id)
        let now = configuration.writeContext.now()
        let refused = WithdrawnDependants.refused(after: write, in: state, now: now)
        let settled = Set(refused.map(\.id))
        var changes: [StoreChange] = [.removeQueuedWrite(id: id)]
        if let itemId = write.itemId {
            let waiting = state.queuedWrites(onItem: itemId).filter { !settled.contains($0.id) }
            let row = LayOver.item(serverRow, laidOverBy: waiting, except: id, now: now)
            changes.append(row.map(StoreChange.putItem) ?? .removeItem(id: itemId))
        }
        if let edgeId = write.edgeId {
            let waiting = state.queuedWrites(onEdge: edgeId).filter { !settled.contains($0.id) }
            let edge = LayOver.edge(serverEdge, laidOverBy: waiting, except: id, state: state, now: now)
            changes.append(edge.map(StoreChange.putEdge) ?? .removeEdge(id: edgeId))
        }
        changes += refused.map(StoreChange.putQueuedWrite) + WithdrawnDependants.removals(of: refused)
        try await commitJudged(changes, origin: .refreshed("withdrawn"))
    }
}
