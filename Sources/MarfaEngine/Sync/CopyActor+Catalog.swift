import MarfaRules

/// The instance's catalog as a catch-up or a follow reads it again (WC-27, WC-80; issue 28 point 21).
extension CopyActor {
    /// Holds `catalog`, the instance's as read before a stream opens, in place of the one held, in one durable step;
    /// `changes()` hears `.refreshed(.catalog)`. A catalog equal to the held one changes nothing, and a copy that
    /// is not filled keeps its catalog (a fill sets it when it ends).
    package func refreshCatalog(_ catalog: CatalogSnapshot) async throws(MarfaError) {
        try ensureOpen()
        guard state.hydration == .complete, state.catalog != catalog else { return }
        try await commitJudged([.setCatalog(catalog)], origin: .refreshed("catalog"))
    }

    /// Whether the copy's catalog holds the item type `type`.
    package func holdsItemType(_ type: String) -> Bool {
        state.catalog.holdsItemType(type)
    }
}
