import MarfaRules

/// Links in a saved body (seed 002 "Check links as you type", F099, F100): saving makes their `references` edges,
/// the instance's name lookups answer the links by title, and `links(in:)` says what each names.
extension CopyActor {
    /// Adds to `plan` (an edit of item `id`) the edge writes and lookup records its body's links make, when the edit
    /// saves the body; a copy with no such item or body field adds nothing.
    func bodyLinks(
        saving edit: Edit, of id: String, in plan: inout PlannedWrite, state: CopyState, context: WriteContext
    ) {
        guard let held = state.items[id], let saved = Self.savedRow(of: id, in: plan) else { return }
        let planner = linkPlanner(state: state, context: context)
        guard planner.savesBody(edit, of: held, as: saved) else { return }
        let links = planner.plan(saving: saved, over: held)
        plan.changes += links.changes
        plan.writes += links.writes
    }

    /// The title links waiting for the instance's lookup, each with the note and the title field to ask by (P-26).
    package func pendingLinkLookups() -> [(itemId: String, name: String, titleField: String)] {
        state.linkLookups.keys.sorted().flatMap { itemId in
            let field = state.items[itemId].flatMap { state.catalog.titleField(of: $0.type) } ?? "title"
            return (state.linkLookups[itemId] ?? []).filter { $0.answer == nil }.map { (itemId, $0.name, field) }
        }
    }

    /// Records the instance's answer to a title link's lookup, the ids of the items with that name, in one turn:
    /// one id makes the link's `references` edge, none makes it `missing`, more make it `ambiguous`, and an edge the
    /// copy refuses makes it `refused` (F099, F100). Answers the lookup's record, or nil when the name is no longer
    /// pending in the note's body (it was saved again meanwhile) or the edge must wait for a whole copy.
    @discardableResult
    package func answerLinkLookup(
        itemId: String, name: String, ids: [String]
    ) async throws(MarfaError) -> LinkLookup.Answer? {
        guard role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        let planner = linkPlanner(state: state, context: configuration.writeContext)
        guard let plan = planner.answering(itemId, named: name, with: ids) else { return nil }
        let origin: CommitOrigin = plan.writes.first.map { .local($0.kind) } ?? .housekeeping
        try await commitJudged(plan.changes, origin: origin)
        return state.linkLookups[itemId]?.first { $0.name == name }?.answer
    }

    /// The links in a saved item's body, each with the item it names or why it names none (F009, F099): a link the
    /// copy binds, or whose lookup found one item, names it, unless the write of its edge was refused; a link by title
    /// not looked up yet is `pending`. Throws `hydrationIncomplete` while the copy fills or is stale (F026) and
    /// `notFound`/`not_held` for an item the copy does not show.
    package func links(in id: String) throws(MarfaError) -> BodyLinks {
        guard try readCompleteness() == .complete else {
            throw MarfaError.hydrationIncomplete(message: "body links are read once the copy is whole")
        }
        guard let item = state.items[id], item.state != .trashed else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold item \(id)")
        }
        let body = state.catalog.bodyField(of: item.type).flatMap { item.property($0)?.string } ?? ""
        let parts = linkParts(in: body)
        let candidates = try linkCandidates(of: parts.map(\.target), in: id)
        let lookups = state.linkLookups[id] ?? []
        let names = zip(parts, candidates).map { part, found -> BodyName in
            let folded = LinkResolver.folded(part.target)
            let answer = lookups.first { LinkResolver.folded($0.name) == folded }?.answer
            let target: BodyTarget
            switch (answer, found.state) {
            case (.refused(let reason)?, _): target = .refused(reason: reason)
            case (_, .bound): target = found.candidates.first.map { linkTarget(from: id, to: $0.id) } ?? .missing
            case (.found(let found)?, _): target = linkTarget(from: id, to: found)
            case (.missing?, _): target = .missing
            case (.ambiguous?, _): target = .ambiguous
            case (nil, _): target = .pending
            }
            return BodyName(text: part.name.text, name: part.target, target: target)
        }
        return BodyLinks(links: names, embeds: embeds(in: body))
    }

    /// The links of many items' bodies by id, read at one moment (F009): an id the copy does not show (unheld, or in
    /// the bin) is left out rather than refusing the rest. Throws `hydrationIncomplete` while filling or stale.
    package func links(in ids: [String]) throws(MarfaError) -> [String: BodyLinks] {
        guard try readCompleteness() == .complete else {
            throw MarfaError.hydrationIncomplete(message: "body links are read once the copy is whole")
        }
        var answers: [String: BodyLinks] = [:]
        for id in ids where answers[id] == nil {
            guard let item = state.items[id], item.state != .trashed else { continue }
            answers[id] = try links(in: id)
        }
        return answers
    }

    /// A link's item, or `refused` when the instance refused the write of the note's `references` edge to it.
    private func linkTarget(from note: String, to target: String) -> BodyTarget {
        let refused = state.queuedWrites(onItem: note).last {
            $0.kind == .createEdge && $0.targetId == target
                && $0.body["edge_type"]?.string == BodyLinkPlanner.edgeType
        }
        if case .refused(let refusal)? = refused?.verdict { return .refused(reason: refusal.code ?? refusal.reason) }
        return .item(id: target)
    }

    private func linkPlanner(state: CopyState, context: WriteContext) -> BodyLinkPlanner {
        let titles = currentTitleIndex()
        return BodyLinkPlanner(state: state, context: context) { titles.items(titled: $0, in: state) }
    }

    /// The row an item edit's plan puts for `id`.
    private static func savedRow(of id: String, in plan: PlannedWrite) -> Item? {
        for change in plan.changes.reversed() {
            if case .putItem(let item) = change, item.id == id { return item }
        }
        return nil
    }
}
