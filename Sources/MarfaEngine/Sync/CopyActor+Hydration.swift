import MarfaRules

extension CopyActor {
    /// Starts a fill of `slice` (WC-8, WC-15): the copy is `in_progress`, its cursor and rows go, and the queue
    /// stays; an interrupted fill leaves it so, and the next starts over.
    package func beginHydration(_ slice: Slice) async throws(MarfaError) {
        try await commitJudged(
            [.setHydration(.inProgress), .setCursor(nil), .clearRows, .setSlice(slice)], origin: .refreshed("hydrated"))
    }

    /// Stores one page of a fill, durably. Pages hold disjoint rows and judge nothing against the copy (the
    /// queue is laid over when the fill ends), so the page is encoded before the hop onto the actor and several
    /// may be in flight at once.
    package nonisolated func storeFillPage(_ page: FillPage) async throws(MarfaError) {
        try await commit(page.changes, origin: .refreshed("hydrated"))
    }
}
