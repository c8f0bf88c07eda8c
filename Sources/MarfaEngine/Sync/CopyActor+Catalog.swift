import MarfaRules

/// The instance's catalog as a catch-up or a follow reads it again (WC-27, WC-80; issue 28 point 21).
extension CopyActor {
    /// Holds `catalog`, the instance's as read before a stream opens, in place of the one held, in one durable step;
    /// `changes()` hears `.refreshed(.catalog)`. A catalog equal to the held one changes nothing, and a copy that
    /// is not filled keeps its catalog (a fill sets it when it ends). Answers whether the held catalog changed.
    @discardableResult
    package func refreshCatalog(_ catalog: CatalogSnapshot) async throws(MarfaError) -> Bool {
        try ensureOpen()
        guard state.hydration == .complete, state.catalog != catalog else { return false }
        try await commitJudged([.setCatalog(catalog)], origin: .refreshed("catalog"))
        return true
    }

    /// Whether the copy's catalog holds the item type `type`.
    package func holdsItemType(_ type: String) -> Bool {
        state.catalog.holdsItemType(type)
    }

    /// Whether the copy's catalog holds the edge type `type`.
    package func holdsEdgeType(_ type: String) -> Bool {
        state.catalog.edgeType(type) != nil
    }

    /// `status`'s `catalog_version` (Decision 0116): nil while the copy has never been filled, else the held
    /// catalog's `CatalogVersion`, which moves when a re-read changes the catalog.
    package func catalogVersion() throws(MarfaError) -> UInt64? {
        guard state.hydration != .never else { return nil }
        return try CatalogVersion.of(state.catalog)
    }
}
