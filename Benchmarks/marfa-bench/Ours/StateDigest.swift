import Foundation
import MarfaEngine
import MarfaRules

/// An order-free digest of a copy's state: the wrapping sum of the FNV-1a hashes of the changes that rebuild it
/// (`CopyState.asChanges`, each encoded on its own), so a child process that reopened the store can say whether it
/// holds the state the parent had without sending it.
enum StateDigest {
    /// The digest of `state`; equal states give equal digests in any process, whatever order their tables hold
    /// rows in.
    static func of(_ state: CopyState) -> UInt64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return state.asChanges.reduce(0) { sum, change in
            var hash = FNV1a()
            if case .setCatalog(let catalog) = change {
                // The store encodes the catalog as JSON in its dictionaries' order, which differs between processes.
                hash.add([UInt8]((try? encoder.encode(catalog)) ?? Data()))
            } else {
                hash.add(StoreChange.encode([change]))
            }
            return sum &+ hash.value
        }
    }
}
