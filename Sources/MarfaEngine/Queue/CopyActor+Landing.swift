import MarfaRules

extension CopyActor {
    /// Records a keyed create refused `409` for a row its natural key resolves, `landed`: the create is
    /// refused, and the copy moves onto that row in the same durable step. The minted row goes with the create's
    /// placeholder edges; its other edges and its pin move to `landed` (its extensions, which only writes now refused
    /// put there, do not); the writes that only add (a tag add, an edge to or from the row) move there and wait no
    /// longer for the create; every other write on the minted row (an edit, a delete, a restore, a transition,
    /// metadata, a tag removal, an extension write) is refused unsent. `row`, when given, is the instance's row read
    /// again; without it the row the copy holds; either is shown with the moved writes laid over.
    /// Answers the create as settled and the writes refused unsent.
    package func settleLanded(
        _ id: String, on landed: String, row: Item?, refusal: Refusal, answer: String?
    ) async throws(MarfaError) -> (settled: SettledWrite, refused: [QueuedWrite]) {
        var write = try queuedWrite(id)
        guard let minted = write.itemId, minted != landed else {
            throw MarfaError.invalid(message: "the create \(id) names no other row than \(landed)")
        }
        let now = configuration.writeContext.now()
        let moving = QueueRetarget.moving(from: minted, to: landed, in: state, extensions: false)
        let placeholders = LayOver.inlineEdges(of: write).map { StoreChange.removeEdge(id: $0.id) }
        write.itemId = landed
        write.verdict = .refused(refusal)
        write.answer = answer
        write.answeredAt = now
        var changes: [StoreChange] = [.putQueuedWrite(write)] + moving.changes + placeholders
        var moved: [QueuedWrite] = []
        var refused: [QueuedWrite] = []
        for other in moving.writes where other.id != id {
            var settled = other
            if other.isUnanswered, other.itemId == landed, !Self.onlyAdds(other) {
                settled.verdict = .refused(
                    Refusal(reason: "the create_item it waited for landed on item \(landed), which it would change"))
                settled.answeredAt = now
                refused.append(settled)
            } else if other.isUnanswered {
                settled.dependsOn.removeAll { $0 == id }
                if other.itemId == landed { moved.append(settled) }
            }
            changes.append(.putQueuedWrite(settled))
        }
        if let shown = LayOver.item(
            row ?? state.items[landed], laidOverBy: state.queuedWrites(onItem: landed) + moved, now: now)
        {
            changes.append(.putItem(shown))
        }
        try await commitJudged(changes, origin: .refreshed("drained"))
        return (SettledWrite(write: write, replayed: false), refused)
    }

    /// Whether a write only adds to its row: a tag add, or an edge create to or from it.
    private static func onlyAdds(_ write: QueuedWrite) -> Bool {
        write.kind == .addTag || write.kind == .createEdge
    }
}
