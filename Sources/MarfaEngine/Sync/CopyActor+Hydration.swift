import MarfaRules
import MarfaStorage

extension CopyActor {
    /// Starts a fill of `slice` (WC-8, WC-15): the copy is `in_progress`, its cursor and rows go, and the queue
    /// stays; an interrupted fill leaves it so, and the next starts over. A stale copy refilled with the slice it
    /// holds under the Swift pages' rules keeps its rows instead (`refillsInPlace`, F129), judged in this same turn.
    /// Answers the fill's token (its `inPlace` says which): a fill begun later supersedes this one, whose pages and
    /// end are then refused.
    package func beginHydration(_ slice: Slice) async throws(MarfaError) -> FillToken {
        if refillsInPlace(slice) { return try await beginRefill() }
        let fill = FillToken(number: currentFill.number + 1)
        currentFill = fill
        try await commitJudged(
            [.setHydration(.inProgress), .setCursor(nil), .clearRows, .setSlice(slice)], origin: .refreshed("hydrated"))
        return fill
    }

    /// Stores one page of `fill`, durably; throws `canceled` when a later fill has begun, storing nothing. Pages
    /// hold disjoint rows and judge nothing against the copy (the queue is laid over when the fill ends), so the
    /// page is encoded before the hop onto the actor and several may be in flight at once.
    package nonisolated func storeFillPage(_ page: FillPage, of fill: FillToken) async throws(MarfaError) {
        let changes = page.changes
        let record = try Self.record(of: changes)
        guard let staged = try await stageFillPage(changes, record: record, of: fill) else { return }
        try await settle([staged])
    }

    /// Throws `canceled` unless `fill` is the fill begun last.
    func checkCurrent(_ fill: FillToken) throws(MarfaError) {
        guard fill == currentFill else {
            throw MarfaError.canceled(message: "a later fill began; this fill's pages and end are refused")
        }
    }

    private func stageFillPage(
        _ changes: [StoreChange], record: JournalRecord.Framed?, of fill: FillToken
    ) throws(MarfaError) -> StagedCommit? {
        try checkCurrent(fill)
        return try stage(changes, record: record, origin: .refreshed("hydrated"))
    }
}
