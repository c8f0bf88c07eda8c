import MarfaEngine

/// The catalog read again around a stream (WC-27, WC-80; issue 28 point 21): before a stream opens, and once for
/// each type an event names that the copy's catalog does not hold, after which the stream is opened again.
struct CatalogRefresh {
    let client: InstanceClient
    let engine: CopyActor

    /// Reads `/types` and `/edge-types` and holds what they answer (`CopyActor.refreshCatalog`).
    func refresh() async throws {
        try await engine.refreshCatalog(try await CatalogReader(client: client).read())
    }

    /// The item type `event` names that the copy's catalog does not hold and that `tried` does not name: the
    /// catalog is read again for it, once per chain of reopens. Nil when the event can be applied as it stands.
    func gap(in event: StreamEvent, tried: Set<String>) async -> String? {
        guard case .item(_, let row, _)? = event.logEvent, !tried.contains(row.type) else { return nil }
        return await engine.holdsItemType(row.type) ? nil : row.type
    }
}
