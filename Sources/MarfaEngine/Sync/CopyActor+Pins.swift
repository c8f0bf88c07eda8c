import MarfaRules

extension CopyActor {
    /// Pins `id` (WC-35) and shows `fetched`, the instance's row and edges read just before, with the waiting writes
    /// laid over as they are now, in one turn; pinning again shows the row again. Answers whether it was pinned
    /// before. Refuses `item_not_found`, pinning nothing, when neither the instance (`fetched` nil) nor the copy
    /// holds the row.
    package func pin(_ id: String, fetched: FetchedRow?) async throws(MarfaError) -> Bool {
        let wasPinned = state.pins.contains(id)
        guard fetched != nil || state.items[id] != nil else {
            throw MarfaError.notFound(code: "item_not_found", message: "neither the instance nor the copy holds \(id)")
        }
        var changes = fetched.map { PinChanges.holding($0, in: state, now: configuration.writeContext.now()) } ?? []
        if !wasPinned { changes.append(.addPin(id)) }
        try await commitJudged(changes, origin: .refreshed("pinned"))
        return wasPinned
    }

    /// Shows `fetched` again for a row still pinned (a fill reads every pinned row after the slice, WC-38, WC-39);
    /// when the instance holds no row the key can read (`fetched` nil) the pin stays and the copy holds nothing for
    /// it. A row unpinned meanwhile is left as it is.
    package func refreshPinned(_ id: String, fetched: FetchedRow?) async throws(MarfaError) {
        guard state.pins.contains(id) else { return }
        let changes = fetched.map { PinChanges.holding($0, in: state, now: configuration.writeContext.now()) }
            ?? PinChanges.unreadable(id, in: state)
        try await commitJudged(changes, origin: .refreshed("hydrated"))
    }

    /// Releases the pin on `id` (WC-40), judged and applied in one turn; answers whether it was pinned.
    package func unpin(_ id: String) async throws(MarfaError) -> Bool {
        guard state.pins.contains(id) else { return false }
        try await commitJudged(PinChanges.release(id, in: state), origin: .refreshed("unpinned"))
        return true
    }

    /// The ids pinned now, in the order they were pinned.
    package func pinnedIds() -> [String] {
        state.pins
    }
}
