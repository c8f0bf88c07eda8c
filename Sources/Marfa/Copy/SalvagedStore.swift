import Foundation
import MarfaEngine

/// Whatever could still be read from a damaged store (Issue 26.3): its queue, rows and edges, the snapshot used
/// and every damage passed over. Made by `WorkingCopy.salvage(store:)`, which changes nothing in the store.
public struct SalvagedStore: Sendable {
    /// The queued writes, in send order.
    public var queue: [QueuedWrite]
    /// The items, in every state.
    public var items: [Item]
    /// The edges.
    public var edges: [Edge]
    /// The snapshot file used, nil when none read back.
    public var snapshot: String?
    /// How many journal records were replayed after it.
    public var records: Int
    /// Every damage passed over: bad snapshots, missing segments, bad headers and records.
    public var damage: [StoreDamage]
}

extension WorkingCopy {
    /// Reads whatever can still be read from the store at `store`, damaged or not, as a reader that changes nothing:
    /// the newest snapshot that reads back, then every journal record that holds its checksum, passing over the
    /// rest and listing it. Refuses `no_store` when nothing is there; damage is listed, never refused.
    public static func salvage(store: URL) throws -> SalvagedStore {
        let salvaged = try SalvagedCopy.read(at: store)
        return SalvagedStore(
            queue: salvaged.state.queue, items: salvaged.state.items.values, edges: salvaged.state.edges.values,
            snapshot: salvaged.snapshot, records: salvaged.records, damage: salvaged.damage)
    }
}
