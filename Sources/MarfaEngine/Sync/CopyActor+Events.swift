import MarfaRules

extension CopyActor {
    /// Judges one event of the log against the copy as it is now and stages what it does, with the move to
    /// `cursor`, as one record (WC-18 to WC-25, WC-78): the row upserted, kept, removed or skipped by the version and
    /// slice rules, and the writes waiting on it laid over. The judgement and the apply are one turn, so a
    /// local write made while the event was on its way is laid over too. `settle(_:)` waits for the record.
    ///
    /// A row entering the slice needs its edges (WC-25): with `enteringEdges` nil it answers `needsEdges` and
    /// changes nothing, and the caller fetches them and hands the event in again.
    package func stageEvent(
        _ event: LogEvent, cursor: String, enteringEdges: [Edge]?, origin: CommitOrigin
    ) throws(MarfaError) -> EventStaging {
        try refuseWhileFilling()
        let outcome: EventApplier.Outcome
        do {
            // The applier's copy of the state ends with this scope, before the apply: a copy still held would make
            // the apply copy every shard and page it touches (copy-on-write).
            let applier = EventApplier(state: state, now: configuration.writeContext.now)
            if enteringEdges == nil, let itemId = applier.needsEdgesFirst(event) { return .needsEdges(itemId: itemId) }
            outcome = applier.outcome(of: event, cursor: cursor, enteringEdges: enteringEdges ?? [])
        }
        let staged = try stage(outcome.changes, record: try Self.record(of: outcome.changes), origin: origin)
        return .staged(staged, skipped: outcome.skipped)
    }

    /// Moves the cursor to the `stream_live` marker's position when it is past the copy's (WC-20), durably.
    package func moveCursor(afterMarker marker: EventID?) async throws(MarfaError) {
        try refuseWhileFilling()
        let current = state.cursor.flatMap { EventID(canonical: $0) }
        guard let moved = EventCursorRule.cursor(afterMarker: marker, current: current), moved != current else {
            return
        }
        try await commitJudged([.setCursor(moved.description)], origin: .housekeeping)
    }

    /// Expires the copy and drops its cursor (WC-30, WC-33): the log no longer holds what follows it, or the origin
    /// serves another instance. The queue and the rows stay. With `reason` (`read_view_changed`, P-32) the copy is
    /// expired rather than stale, and refuses reads and writes until a fill (F029, Decision 0110).
    package func expire(because reason: String? = nil) async throws(MarfaError) {
        let expiry: [StoreChange] = reason.map { [.setExpiry($0)] } ?? []
        try await commitJudged([.setHydration(.expired), .setCursor(nil)] + expiry, origin: .housekeeping)
    }

    /// Refuses an event or a cursor move while a fill runs (WC-13): the fill ends at the cursor it read first, so an
    /// event applied meanwhile would be set back behind (the chaos drill's finding 6). The catch-up that meets this
    /// ends `hydrationIncomplete`, and the next one starts after the fill.
    private func refuseWhileFilling() throws(MarfaError) {
        try refuseIfExpired()
        guard state.hydration != .inProgress else {
            throw MarfaError.hydrationIncomplete(message: "a fill is running; events wait until it has ended")
        }
    }
}
