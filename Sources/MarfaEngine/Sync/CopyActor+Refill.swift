import MarfaRules

/// The in-place refill of a stale copy (seed 003 "Refills", seed 000 "While the copy fills", F025, F129, F130;
/// Decision 0109): the instance's rows are laid over the held ones page by page, never cleared first, so reads go on
/// answering the held rows `.stale`; the refill's end removes only the rows the instance no longer sends and no
/// waiting write or pin needs.
extension CopyActor {
    /// Whether a fill of `slice` refills the copy in place rather than clearing it first: the Swift pages' rules hold,
    /// and the copy is bound, stale (told its cursor is retired, not expired by a taken retype or source move) and
    /// holds `slice`.
    func refillsInPlace(_ slice: Slice) -> Bool {
        configuration.swiftFillRules && origin != nil && state.hydration == .expired && state.expiry == nil
            && state.slice == slice
    }

    /// Whether an in-place refill is under way: its reads answer the held rows `.stale`, not `.partial`.
    var isRefilling: Bool {
        state.hydration == .inProgress && refill?.fill == currentFill
    }

    /// Starts an in-place refill (F129), in the turn `beginHydration` judged it in: the copy is `in_progress` (WC-6)
    /// and its cursor goes; its rows and its queue stay. Answers the refill's token, which a fill begun later
    /// supersedes.
    func beginRefill() async throws(MarfaError) -> FillToken {
        let fill = FillToken(number: currentFill.number + 1, inPlace: true)
        currentFill = fill
        refill = RefillLedger(fill: fill)
        try await commitJudged([.setHydration(.inProgress), .setCursor(nil)], origin: .refreshed("hydrated"))
        return fill
    }

    /// Lays one page of the refill `fill` over the held rows, durably: each row with the writes waiting on it laid
    /// over again at once (F130), its extensions the instance no longer sends removed. Throws `canceled`, storing
    /// nothing, when a later fill has begun.
    package func storeRefillPage(_ page: FillPage, of fill: FillToken) async throws(MarfaError) {
        try checkCurrent(fill)
        guard var ledger = refill, ledger.fill == fill else {
            throw MarfaError.canceled(message: "this refill was not begun in place; its pages are refused")
        }
        let now = configuration.writeContext.now()
        var changes: [StoreChange] = []
        for row in page.rows {
            let id = row.item.id
            let shown = LayOver.item(row.item, laidOverBy: state.queuedWrites(onItem: id), now: now) ?? row.item
            changes.append(.putItem(shown))
            for namespace in (state.extensions[id] ?? [:]).keys.sorted() where row.extensions[namespace] == nil {
                changes.append(.removeExtension(itemId: id, namespace: namespace))
            }
            for (namespace, body) in row.extensions.sorted(by: { $0.key < $1.key }) {
                changes.append(.putExtension(itemId: id, namespace: namespace, body: body))
            }
            changes += row.edges.map { laidOver($0, now: now) }
        }
        changes += page.edges.map { laidOver($0, now: now) }
        ledger.note(page)
        refill = ledger
        try await commitJudged(changes, origin: .refreshed("hydrated"))
    }

    /// Puts a refill that failed back to stale (F129: it is tried again), its rows as far as it laid them over; a
    /// refill superseded by a later fill, or not in place, is left alone.
    package func abandonRefill(_ fill: FillToken) async throws(MarfaError) {
        guard refill?.fill == fill, currentFill == fill else { return }
        refill = nil
        try await commitJudged([.setHydration(.expired)], origin: .refreshed("hydrated"))
    }

    /// The removals the end of refill `fill` makes (F130): every held item and edge its pages did not bring, unless a
    /// waiting write names it or it is pinned (or drawn from a pinned item); none for a fill that cleared.
    func refillSweep(_ fill: FillToken) -> [StoreChange] {
        guard let ledger = refill, ledger.fill == fill else { return [] }
        var neededItems = Set(state.pins)
        var neededEdges: Set<String> = []
        for write in state.queue where LayOver.isWaiting(write) {
            if let itemId = write.itemId { neededItems.insert(itemId) }
            if let edgeId = write.edgeId { neededEdges.insert(edgeId) }
        }
        var changes: [StoreChange] = []
        for id in state.items.keys where !ledger.items.contains(id) && !neededItems.contains(id) {
            changes.append(.removeItem(id: id))
        }
        for id in state.edges.keys where !ledger.edges.contains(id) && !neededEdges.contains(id) {
            guard let edge = state.edges[id], !state.pins.contains(edge.sourceId) else { continue }
            changes.append(.removeEdge(id: id))
        }
        return changes
    }

    private func laidOver(_ edge: Edge, now: String) -> StoreChange {
        LayOver.edge(edge, laidOverBy: state.queuedWrites(onEdge: edge.id), state: state, now: now)
            .map(StoreChange.putEdge) ?? .removeEdge(id: edge.id)
    }
}
