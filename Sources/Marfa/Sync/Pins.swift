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

/// Pins (WC-35 to WC-39): rows held by id whatever the slice says. It fetches the row and the edges it draws from
/// the instance; the engine judges and applies the pin in one turn (`CopyActor.pin`). An unpin fetches nothing and
/// goes to the engine directly (`CopyActor.unpin`, WC-40).
struct PinFetcher {
    let client: InstanceClient
    let engine: CopyActor
    /// Where a pin pauses between its fetch and its apply (tests only).
    var seam = FetchApplySeam.none

    /// The instance's row `id` with the edges it draws; nil when the instance does not hold the row.
    func fetch(_ id: String) async throws(MarfaError) -> FetchedRow? {
        guard let row = try await ServerRowReader(client: client).item(id) else { return nil }
        return FetchedRow(item: row, edges: try await PageReader(client: client).edges(of: id).edges)
    }

    /// Fetches and holds `id`; pinning again fetches again. Fails `notFound` when neither side holds it.
    func pin(_ id: String) async throws -> PinReport {
        let fetched = try await fetch(id)
        await seam.pause(.pin(id))
        let wasPinned = try await engine.pin(id, fetched: fetched)
        return PinReport(pinned: true, wasPinned: wasPinned)
    }

    /// The pinned row `id` read again for a fill (WC-39, Decision 0108): nil when the instance holds no row the key
    /// can read, including a 403 refusing the key the row; any other failure throws, as the fill's reads do.
    func refetch(_ id: String) async throws(MarfaError) -> FetchedRow? {
        do {
            return try await fetch(id)
        } catch .forbidden {
            return nil
        }
    }
}
