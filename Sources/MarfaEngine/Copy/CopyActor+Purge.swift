import MarfaRules

/// The copy's side of an online purge (seed 000 line 126, F064, F065, WC-24): the checks made before it is sent, and
/// the row let go once the instance has destroyed it.
extension CopyActor {
    /// The held version of item `id` when a purge may be sent for it: `notFound`/`not_held` for an item the copy does
    /// not hold, `validation`/`invalid_transition` for one outside the bin, `invalid` while a write to it waits, and
    /// `readingHandle` on a reader.
    package func purgeable(_ id: String) throws(MarfaError) -> Int64 {
        _ = try readCompleteness()
        guard role == .writer else {
            throw MarfaError.readingHandle(message: "another process writes to this store; this handle only reads")
        }
        guard let item = state.items[id] else {
            throw MarfaError.notFound(code: "not_held", message: "the copy does not hold item \(id)")
        }
        guard item.state == .trashed else {
            throw MarfaError.validation(
                code: "invalid_transition", message: "only an item in the bin can be purged; \(id) is \(item.state)")
        }
        if state.queuedWrites(onItem: id).contains(where: \.isUnanswered) {
            throw MarfaError.invalid(message: "a write to item \(id) is still waiting to be sent")
        }
        return item.version
    }

    /// Lets a purged item go in one durable step, as its `item.purged` event would (WC-24): the row, every edge at
    /// either end, and its pin.
    package func forgetPurged(_ id: String) async throws(MarfaError) {
        var changes: [StoreChange] = []
        var seen = Set<String>()
        for record in state.edges.records(from: id) + state.edges.records(to: id) {
            let edge = record.edge
            if seen.insert(edge.id).inserted { changes.append(.removeEdge(id: edge.id)) }
        }
        if state.items[id] != nil { changes.append(.removeItem(id: id)) }
        if state.pins.contains(id) { changes.append(.setPins(state.pins.filter { $0 != id })) }
        try await commitJudged(changes, origin: .refreshed("purged"))
    }
}
