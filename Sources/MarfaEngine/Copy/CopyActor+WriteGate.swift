import MarfaRules

/// Which writes a copy takes while it fills, while stale and once expired (seed 000 "While the copy fills", F028 to
/// F030; Decision 0109): writes to held items and new items are queued; every edge write, and a write naming an item
/// the copy does not hold, is refused `hydrationIncomplete` during a fill or while stale; an expired copy refuses
/// every write `copyExpired`.
extension CopyActor {
    /// Throws `copyExpired` while the copy is expired by an accepted retype or source move (F029), the reason the
    /// refill gate would give (`reach_changed`); does nothing otherwise.
    package func refuseIfExpired() throws(MarfaError) {
        guard origin != nil, state.hydration == .expired, let expiry = state.expiry else { return }
        throw MarfaError.copyExpired(
            reason: "reach_changed",
            message: "the copy expired (\(expiry)): the instance accepted a retype or an edge source move; "
                + "hydrate it again")
    }

    /// Why the copy expired rather than went stale (`read_view_changed`), or nil (the refill gate weighs it).
    package func expiryReason() -> String? {
        state.expiry
    }

    /// Whether a write may only name what the copy holds now: during a fill or while stale (F028), under the Swift
    /// pages' rules. Throws as `refuseIfExpired` does.
    func writesAwaitFill() throws(MarfaError) -> Bool {
        guard configuration.swiftFillRules, origin != nil else { return false }
        try refuseIfExpired()
        return state.hydration == .inProgress || state.hydration == .expired
    }

    /// Refuses an edge write during a fill or while stale (F028), and every write once expired (F029).
    func gateEdgeWrite() throws(MarfaError) {
        if try writesAwaitFill() {
            throw MarfaError.hydrationIncomplete(message: "edges are written once the copy is whole")
        }
    }

    /// `error` as a write planned during a fill or while stale answers it: an item the copy does not hold may yet
    /// arrive, so `not_held` becomes `hydrationIncomplete` (F028); any other error is itself.
    static func duringFill(_ error: MarfaError) -> MarfaError {
        guard case .notFound(let code, let message) = error, code == "not_held" else { return error }
        return .hydrationIncomplete(message: "\(message), and it may yet arrive: the copy is filling or stale")
    }
}
