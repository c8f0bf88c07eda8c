import MarfaEngine

/// Whether a stale copy may refill itself in place (seed 003 "Refills", F130, F131, WC-32 to WC-34): only when the
/// refill keeps every row, queued write and file the copy holds; otherwise the refusal the app is shown with
/// `.needsHydration`, and nothing changes.
///
/// A pure judgement over what the follow found; the checks run in the order below, and the first that fails names
/// the reason (Decision 0014).
package struct RefillGate: Sendable {
    /// The instance id the copy was filled from.
    package var storedInstanceId: String?
    /// The instance id `GET /` answers now.
    package var servedInstanceId: String
    /// How far the copy is filled; only an `expired` (stale) copy is refilled.
    package var hydration: Hydration
    /// The reason of the terminal frame that made the copy stale (`catchup_too_old`, `cursor_ahead`,
    /// `read_view_changed`), if the follow saw one.
    package var staleReason: String?
    /// The slice the copy holds and the refill would take again.
    package var slice: Slice
    /// The catalog the instance answers now.
    package var catalog: CatalogSnapshot
    /// The key's `type_permissions` from `GET /keys/current`: pattern (`name`, `ns.*`, `*`) to level.
    package var typeGrants: [String: String]

    /// The error that refuses the refill, or nil when the refill may go ahead.
    package var refusal: MarfaError? {
        if let stored = storedInstanceId, stored != servedInstanceId {
            return .instanceChanged(
                expected: stored, got: servedInstanceId,
                message: "the origin now serves instance \(servedInstanceId), not \(stored)")
        }
        guard hydration == .expired else {
            return expired("not_stale", "the copy is not stale, so there is nothing to refill; hydrate to change it")
        }
        if staleReason == "cursor_ahead" {
            return expired(
                "head_past_log",
                "the copy's cursor is past the log's head: the instance was restored behind the copy, and a refill "
                    + "would lose rows the copy holds")
        }
        if staleReason == "read_view_changed" {
            return expired("reach_changed", "the key's read view moved since the copy was filled")
        }
        if let gone = slice.types.first(where: { !catalogHolds(type: $0) })
            ?? slice.edgeTypes.first(where: { catalog.edgeType($0) == nil })
        {
            return expired("slice_changed", "the instance no longer registers \(gone), which the copy's slice holds")
        }
        let reach = KeyReach(catalog: catalog, typeGrants: typeGrants)
        if let unreadable = slice.types.first(where: { !reach.reads($0) }) {
            return expired("reach_changed", "the key no longer reads \(unreadable), which the copy's slice holds")
        }
        return nil
    }

    /// Makes the judgement of what the follow found.
    package init(
        storedInstanceId: String?, servedInstanceId: String, hydration: Hydration, staleReason: String?, slice: Slice,
        catalog: CatalogSnapshot, typeGrants: [String: String]
    ) {
        self.storedInstanceId = storedInstanceId
        self.servedInstanceId = servedInstanceId
        self.hydration = hydration
        self.staleReason = staleReason
        self.slice = slice
        self.catalog = catalog
        self.typeGrants = typeGrants
    }

    private func expired(_ reason: String, _ message: String) -> MarfaError {
        .copyExpired(reason: reason, message: message)
    }

    private func catalogHolds(type sliceType: String) -> Bool {
        if sliceType.hasSuffix(".*") {
            return !KeyReach(catalog: catalog, typeGrants: [:]).catalogTypes(of: sliceType).isEmpty
        }
        return catalog.itemType(sliceType) != nil
    }
}
