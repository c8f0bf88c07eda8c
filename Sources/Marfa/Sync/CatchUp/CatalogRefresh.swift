import MarfaEngine

/// The catalog read again around a stream (WC-27, WC-80; issue 28 point 21, Decision 0116): before a stream opens,
/// and once for each item or edge type an event names that the copy's catalog does not hold, after which the stream
/// is opened again.
struct CatalogRefresh {
    let client: InstanceClient
    let engine: CopyActor

    /// Reads `/types` and `/edge-types` and holds what they answer (`CopyActor.refreshCatalog`); answers whether the
    /// held catalog changed.
    @discardableResult
    func refresh() async throws -> Bool {
        try await engine.refreshCatalog(try await CatalogReader(client: client).read())
    }

    /// The item or edge type `event` names that the copy's catalog does not hold and that `tried` does not name: the
    /// catalog is read again for it, once per chain of reopens (an edge deleted needs no catalog). Nil when the event
    /// can be applied as it stands.
    func gap(in event: StreamEvent, tried: Set<CatalogGap>) async -> CatalogGap? {
        let gap: CatalogGap
        switch event.logEvent {
        case .item(_, let row, _)?:
            guard await !engine.holdsItemType(row.type) else { return nil }
            gap = .itemType(row.type)
        case .edge(let kind, let edge)? where kind != .edgeDeleted:
            guard await !engine.holdsEdgeType(edge.edgeType) else { return nil }
            gap = .edgeType(edge.edgeType)
        default:
            return nil
        }
        return tried.contains(gap) ? nil : gap
    }
}
