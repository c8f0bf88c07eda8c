import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a pin or unpin did: whether the row is pinned now, and whether it was before.
public struct PinReport: Sendable, Hashable {
    /// Whether the row is pinned after the call.
    public var pinned: Bool
    /// Whether it was pinned before.
    public var wasPinned: Bool

    /// Makes a report.
    public init(pinned: Bool, wasPinned: Bool) {
        self.pinned = pinned
        self.wasPinned = wasPinned
    }
}

/// Pins (WC-35 to WC-40): rows held by id whatever the slice says, fetched from the instance with their edges.
struct PinFetcher {
    let client: InstanceClient
    let engine: CopyActor

    /// The changes that hold `id`: the instance's row with waiting writes laid over, and the edges it draws; nil
    /// when the instance does not hold the row.
    func rowChanges(_ id: String) async throws -> [StoreChange]? {
        guard let row = try await ServerRowReader(client: client).item(id) else { return nil }
        let edges = try await PageReader(client: client).edges(of: id).edges
        let state = await engine.state
        let laid = LayOver.item(row, laidOverBy: state.queuedWrites(onItem: id), now: Timestamp.string(from: Date()))
        return [.putItem(laid ?? row)] + edges.map(StoreChange.putEdge)
    }

    /// Fetches and holds `id`; pinning again fetches again. Fails `notFound` when neither side holds it.
    func pin(_ id: String) async throws -> PinReport {
        let state = await engine.state
        let wasPinned = state.pins.contains(id)
        let fetched = try await rowChanges(id)
        guard fetched != nil || state.items[id] != nil else {
            throw MarfaError.notFound(code: "item_not_found", message: "neither the instance nor the copy holds \(id)")
        }
        let pins = wasPinned ? state.pins : state.pins + [id]
        try await engine.commit((fetched ?? []) + [.setPins(pins)], origin: .refreshed("pinned"))
        return PinReport(pinned: true, wasPinned: wasPinned)
    }

    /// Releases a pin; a row the slice does not take goes with its edges, unless writes to it still wait (WC-40).
    func unpin(_ id: String) async throws -> PinReport {
        let state = await engine.state
        guard state.pins.contains(id) else { return PinReport(pinned: false, wasPinned: false) }
        var changes: [StoreChange] = [.setPins(state.pins.filter { $0 != id })]
        var membership = EventApplier.membership(of: state)
        membership.pins.remove(id)
        let waiting = state.queuedWrites(onItem: id).contains(where: LayOver.isWaiting)
        if let row = state.items[id], !membership.takes(itemId: id, type: row.type, tier: row.tier), !waiting {
            let whole = membership.wholeEdgeTypes
            changes.append(.removeItem(id: id))
            for edgeId in (state.edgesFrom[id] ?? []).sorted() where !whole.contains(state.edges[edgeId]?.edgeType ?? "") {
                changes.append(.removeEdge(id: edgeId))
            }
        }
        try await engine.commit(changes, origin: .refreshed("unpinned"))
        return PinReport(pinned: false, wasPinned: true)
    }
}
