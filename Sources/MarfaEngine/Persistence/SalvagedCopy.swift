import Foundation
import MarfaRules
import MarfaStorage

/// What a salvage read from a damaged store (Issue 26.3): the state rebuilt from whatever still reads, and what it
/// passed over. Nothing in the store is changed.
package struct SalvagedCopy: Sendable {
    /// The rows, queue and sync state rebuilt.
    package var state: CopyState
    /// The snapshot file used, nil when none read back.
    package var snapshot: String?
    /// How many journal records were replayed onto it.
    package var records: Int
    /// Every damage passed over, in the order met.
    package var damage: [StoreDamage]

    /// Reads the store at `url` as `StoreSalvage` does, applying the snapshot and records it hands over.
    ///
    /// Refused `no_store` when no folder is there; never refused for damage, which is listed instead.
    package static func read(at url: URL) throws(MarfaError) -> SalvagedCopy {
        let directory = try StorageBridge.run { try StoreDirectory.openReader(at: url.path, lockRequired: false) }
        var state = CopyState()
        let outcome = try StorageBridge.run {
            try StoreSalvage.read(directory) { payload in
                guard let changes = try? StoreChange.decode(payload) else { return false }
                var restored = CopyState()
                for change in changes { restored.apply(change) }
                state = restored
                return true
            } replaying: { payload in
                let changes = try StoreChange.decode(Array(payload))
                for change in changes { state.apply(change) }
            }
        }
        return SalvagedCopy(
            state: state, snapshot: outcome.snapshotSegment.map { directory.filePath(StoreFileName.snapshot($0)) },
            records: outcome.records, damage: outcome.damage.map { StoreDamage($0, in: directory) })
    }
}
