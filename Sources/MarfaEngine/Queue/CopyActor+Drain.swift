import MarfaRules

extension CopyActor {
    /// The write queued under `id`, as stored now; throws `not_found` for none.
    package func queuedWrite(_ id: String) throws(MarfaError) -> QueuedWrite {
        guard let position = state.queuePosition[id] else {
            throw MarfaError.notFound(code: "not_found", message: "no queued write \(id)")
        }
        return state.queue[position]
    }

    /// Records the instance's answer to write `id` and its effects in one durable step: the verdict and the answer
    /// kept whole, the row adopted or reset with every other waiting write laid over it again,
    /// the unsent edits behind it moved onto its answer (V-13 to V-16), and the count toward the ceiling.
    package func settle(
        _ id: String, _ settlement: DrainSettlement, answer: String?
    ) async throws(MarfaError) -> SettledWrite {
        var write = try queuedWrite(id)
        let now = configuration.writeContext.now()
        var changes: [StoreChange] = []
        var replayed = false
        write.answer = answer
        let back = QueueRebase.movedBack(behind: write, in: state)
        switch settlement {
        case .item(let row, let verdict, let acknowledged, let tagsNamed):
            write.verdict = verdict
            write.answeredAt = now
            replayed = acknowledged
            var onRow = state.queuedWrites(onItem: row.id)
            if write.kind == .createItem, let minted = write.itemId, minted != row.id {
                let moving = QueueRetarget.moving(from: minted, to: row.id, in: state)
                write.itemId = row.id
                changes += moving.changes
                let moved = moving.writes.filter { $0.id != write.id }
                changes += moved.map(StoreChange.putQueuedWrite)
                onRow += [write] + moved.filter { $0.itemId == row.id }
            }
            changes += LayOver.inlineEdges(of: write).map { .removeEdge(id: $0.id) }
            let rebased = QueueRebase.moved(
                behind: write, among: onRow, verdict: verdict, version: row.version, acknowledged: acknowledged,
                row: row)
            var goingOn = rebased
            if case .conflicted = verdict { goingOn += back }
            let waiting = QueueRebase.replacing(onRow, with: goingOn)
            let shown = laidOver(adopting: row, tagsNamed: tagsNamed, beside: write, waiting: waiting, now: now)
            changes += movesOutOfSlice(write, shown)
                ? state.removal(of: shown.id, keepingWholeEdgesOf: state.sliceMembership.wholeEdgeTypes)
                : [.putItem(shown)] + oweReadBackIfHeldLater(item: row)
            changes += rebased.map(StoreChange.putQueuedWrite)
            changes += expiry(afterTaking: write)
        case .edge(let edge, let acknowledged):
            write.verdict = .accepted
            write.answeredAt = now
            replayed = acknowledged
            let shown = laidOver(adopting: edge, beside: write, now: now)
            changes.append(shown.map(StoreChange.putEdge) ?? .removeEdge(id: edge.id))
            changes += oweReadBackIfHeldLater(edge: edge)
            changes += QueueRebase.moved(
                behind: write, verdict: .accepted, version: edge.version, acknowledged: acknowledged, in: state
            ).map(StoreChange.putQueuedWrite)
            changes += expiry(afterTaking: write)
        case .plain(let acknowledged):
            write.verdict = .accepted
            write.answeredAt = now
            replayed = acknowledged
        case .refused(let refusal, let serverRow, let serverEdge, let read):
            let readBack = read && !holdsLater(than: serverRow) && !holdsLater(than: serverEdge)
            write.verdict = .refused(refusal)
            write.answeredAt = now
            changes += reset(
                under: write, to: serverRow, edge: serverEdge, readBack: readBack, now: now, rebased: back)
            if !readBack, let edgeId = write.edgeId {
                if write.kind != .createEdge, !state.owedEdgeReadBacks.contains(edgeId) {
                    changes.append(.owe(.edge(edgeId)))
                }
            } else if !readBack, write.kind != .createItem, let itemId = write.itemId,
                !state.owedReadBacks.contains(itemId)
            {
                changes.append(.owe(.item(itemId)))
            }
        case .blocked(let reason, let refusal):
            write.verdict = .blocked(reason: reason, refusal: refusal)
            write.answeredAt = now
        case .counted:
            write.refusals += 1
            if write.refusals >= CountedFailures.ceiling {
                write.verdict = .dead
                write.answeredAt = now
                changes += reset(under: write, to: nil, edge: nil, readBack: Self.leavesNothing(write), now: now)
            }
        }
        switch write.verdict {
        case .conflicted?, .refused?, .blocked?, .dead?:
            changes += back.map(StoreChange.putQueuedWrite)
        default: break
        }
        try await commitJudged([.putQueuedWrite(write)] + changes, origin: .refreshed("drained"))
        return SettledWrite(write: write, replayed: replayed)
    }

    /// Whether the copy holds a later version of `row` than a read-back brought (issue 28 point 13, Q-42.5): that
    /// read-back is older than the row the copy caught up to, so it is ignored and the row stays owed a read.
    private func holdsLater(than row: Item?) -> Bool {
        guard let row, let held = state.items[row.id] else { return false }
        return held.version > row.version
    }

    /// `holdsLater(than:)` for an edge read back.
    private func holdsLater(than edge: Edge?) -> Bool {
        guard let edge, let held = state.edges[edge.id] else { return false }
        return held.version > edge.version
    }

    /// Whether an answered retype or tier move, or the row read back under a refused one, is outside the slice, so
    /// the row goes unless pinned, and edges of types held whole stay (V-21; a non-moving edit leaves an
    /// out-of-slice row where it is).
    private func movesOutOfSlice(_ write: QueuedWrite, _ shown: Item) -> Bool {
        guard state.slice != nil, write.kind == .updateItem,
            write.body["retype"] == true || write.body["tier"] != nil
        else { return false }
        return !state.sliceMembership.takes(itemId: shown.id, type: shown.type, tier: shown.tier)
    }

    /// Settles the read-back owed for item `itemId`: the instance's `row`, read now (nil: none readable), is
    /// shown with the waiting writes on it laid over, unless the copy holds a later version (a read-back never
    /// overwrites one); the item is no longer owed.
    package func settleReadBack(_ itemId: String, row: Item?) async throws(MarfaError) {
        var changes: [StoreChange] = [.settleOwed(.item(itemId))]
        if let held = state.items[itemId], let row, held.version > row.version {
            try await commitJudged(changes, origin: .refreshed("drained"))
            return
        }
        let now = configuration.writeContext.now()
        if let shown = LayOver.item(row, laidOverBy: state.queuedWrites(onItem: itemId), now: now) {
            changes.append(.putItem(shown))
        } else if state.items[itemId] != nil {
            changes.append(.removeItem(id: itemId))
        }
        try await commitJudged(changes, origin: .refreshed("drained"))
    }

    /// Settles the read-back owed for edge `edgeId`, as `settleReadBack` does for an item: the instance's
    /// `edge` (nil: none readable) with the waiting edge writes laid over, unless the copy holds a later version.
    package func settleEdgeReadBack(_ edgeId: String, edge: Edge?) async throws(MarfaError) {
        var changes: [StoreChange] = [.settleOwed(.edge(edgeId))]
        if let held = state.edges[edgeId], let edge, held.version > edge.version {
            try await commitJudged(changes, origin: .refreshed("drained"))
            return
        }
        let now = configuration.writeContext.now()
        if let shown = LayOver.edge(edge, laidOverBy: state.queuedWrites(onEdge: edgeId), state: state, now: now) {
            changes.append(.putEdge(shown))
        } else if state.edges[edgeId] != nil {
            changes.append(.removeEdge(id: edgeId))
        }
        try await commitJudged(changes, origin: .refreshed("drained"))
    }

    /// Marks write `id` sent, durably, before its request goes out, so a write whose answer never arrives is known
    /// to have reached the instance and is never moved onto another answer (V-19). A write marked before keeps its
    /// first mark.
    package func markSent(_ id: String) async throws(MarfaError) {
        var write = try queuedWrite(id)
        guard write.sentAt == nil else { return }
        write.sentAt = configuration.writeContext.now()
        try await commitJudged([.putQueuedWrite(write)], origin: .housekeeping)
    }

    /// Settles write `id` without sending it: refused with `reason`, for a create it waited on that was
    /// refused or died; what it showed goes with it.
    package func refuseUnsent(_ id: String, reason: String) async throws(MarfaError) -> QueuedWrite {
        var write = try queuedWrite(id)
        let now = configuration.writeContext.now()
        write.verdict = .refused(Refusal(reason: reason))
        write.answeredAt = now
        let changes = reset(under: write, to: nil, edge: nil, readBack: Self.leavesNothing(write), now: now)
        try await commitJudged([.putQueuedWrite(write)] + changes, origin: .refreshed("drained"))
        return write
    }

    /// Marks write `id` held for a create the instance has not taken: blocked `awaiting_dependency`,
    /// which the next drain clears before it reads the queue.
    package func holdAwaitingDependency(_ id: String) async throws(MarfaError) {
        var write = try queuedWrite(id)
        guard write.verdict != .blocked(reason: .awaitingDependency) else { return }
        write.verdict = .blocked(reason: .awaitingDependency)
        try await commitJudged([.putQueuedWrite(write)], origin: .refreshed("drained"))
    }

    /// Clears the blocks that clear by themselves before a drain reads the queue: `awaiting_dependency` (the
    /// create may have been answered since) and `credential_refused` (the key is not stored, so whether it was
    /// replaced is only learnt by sending; a refused key blocks again at once, Q-26).
    package func clearSelfClearingBlocks() async throws(MarfaError) {
        let cleared = state.queue.compactMap { write -> StoreChange? in
            switch write.verdict {
            case .blocked(.awaitingDependency, _)?, .blocked(.credentialRefused, _)?:
                var open = write
                open.verdict = nil
                open.answeredAt = nil
                return .putQueuedWrite(open)
            default:
                return nil
            }
        }
        try await commitJudged(cleared, origin: .refreshed("drained"))
    }

    /// Blocks every unanswered write `credential_refused` after a refused key; answers how many.
    package func blockUnanswered(refusal: Refusal) async throws(MarfaError) -> Int {
        let now = configuration.writeContext.now()
        let parked = state.queue.filter(\.isUnanswered).map { write -> StoreChange in
            var blocked = write
            blocked.verdict = .blocked(reason: .credentialRefused, refusal: refusal)
            blocked.answeredAt = now
            return .putQueuedWrite(blocked)
        }
        try await commitJudged(parked, origin: .refreshed("drained"))
        return parked.count
    }

    /// The row the instance answered, unless the copy holds a later version, with every other waiting write of
    /// `waiting` (the writes on that row) laid over again. At the answer's own version the instance's row is
    /// the answer's, whatever the copy shows: the copy's row there may carry the answered write laid over by its own
    /// event (a conflicted or merged edit), which must not outlive its verdict; only the tags can
    /// move without a new version (a metadata change), so the copy's are kept when its row is stamped later
    /// or the answer names none.
    private func laidOver(
        adopting row: Item, tagsNamed: Bool, beside answered: QueuedWrite, waiting: [QueuedWrite], now: String
    ) -> Item {
        var result = row
        if let held = state.items[row.id] {
            if held.version > row.version {
                result = held
            } else if !tagsNamed || (held.version == row.version && held.updatedAt > row.updatedAt) {
                result.tags = held.tags
            }
        }
        return LayOver.item(result, laidOverBy: waiting, except: answered.id, now: now) ?? result
    }

    /// A read-back owed for the row answered at `row`'s version when the copy holds a later one: that row
    /// came from an event that laid the answered write over it while it still waited, and only the instance can say
    /// what stands there now that the write is answered. None when the row is not held later or is owed already.
    private func oweReadBackIfHeldLater(item row: Item) -> [StoreChange] {
        guard let held = state.items[row.id], held.version > row.version, !state.owedReadBacks.contains(row.id)
        else { return [] }
        return [.owe(.item(row.id))]
    }

    /// A read-back owed for `edge` when the copy holds a later version, as `oweReadBackIfHeldLater(item:)`.
    private func oweReadBackIfHeldLater(edge: Edge) -> [StoreChange] {
        guard let held = state.edges[edge.id], held.version > edge.version, !state.owedEdgeReadBacks.contains(edge.id)
        else { return [] }
        return [.owe(.edge(edge.id))]
    }

    /// The edge the instance answered, unless the copy holds a later version, with the other waiting edits on it
    /// laid over again: nil when a waiting delete leaves none.
    private func laidOver(adopting edge: Edge, beside answered: QueuedWrite, now: String) -> Edge? {
        let held = state.edges[edge.id].flatMap { $0.version > edge.version ? $0 : nil }
        return LayOver.edge(
            held ?? edge, laidOverBy: state.queuedWrites(onEdge: edge.id), except: answered.id, state: state, now: now)
    }

    /// Whether a refused or dead `write` leaves nothing, with no read needed: a create (its row or edge goes).
    private static func leavesNothing(_ write: QueuedWrite) -> Bool {
        write.kind == .createItem || write.kind == .createEdge
    }

    /// The changes that reset the row or edge under a refused or dead write: a create leaves nothing
    /// (an item create's row, the edges it carried and its pin go, WC-36; an edge create's edge); another write
    /// shows the instance's row or edge read back, with the other waiting writes laid over, and none when the
    /// instance holds none readable; with no read-back the copy keeps what it shows. `rebased`: the writes behind
    /// `write` as they go on (V-17), laid over in place of their stored selves.
    private func reset(
        under write: QueuedWrite, to serverRow: Item?, edge serverEdge: Edge?, readBack: Bool, now: String,
        rebased: [QueuedWrite] = []
    ) -> [StoreChange] {
        guard readBack else { return [] }
        if let edgeId = write.edgeId {
            if write.kind == .createEdge { return [.removeEdge(id: edgeId)] }
            let edge = LayOver.edge(
                serverEdge, laidOverBy: state.queuedWrites(onEdge: edgeId), except: write.id, state: state, now: now)
            return [edge.map(StoreChange.putEdge) ?? .removeEdge(id: edgeId)]
        }
        guard let itemId = write.itemId else { return [] }
        if write.kind == .createItem {
            return LayOver.inlineEdges(of: write).map { .removeEdge(id: $0.id) } + [.removeItem(id: itemId)]
                + PinChanges.goneWithCreate(of: itemId, in: state)
        }
        let waiting = QueueRebase.replacing(state.queuedWrites(onItem: itemId), with: rebased)
        let row = LayOver.item(serverRow, laidOverBy: waiting, except: write.id, now: now)
        guard let row else { return state.items[itemId] == nil ? [] : [.removeItem(id: itemId)] }
        if movesOutOfSlice(write, row) {
            return state.removal(of: itemId, keepingWholeEdgesOf: state.sliceMembership.wholeEdgeTypes)
        }
        return [.putItem(row)]
    }
}
