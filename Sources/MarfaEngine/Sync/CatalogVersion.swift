import Foundation
import MarfaRules

/// The number `status` reports as `catalog_version` (device-cli.md; Decision 0116): a digest (64-bit FNV-1a) of the
/// held catalog's JSON with sorted keys, so it stays while the catalog stays and moves when a re-read changes it,
/// whichever process asks. Kept below 2^53 so any JSON reader holds it exactly.
enum CatalogVersion {
    /// The version of `catalog`; throws `store` should the catalog not encode.
    static func of(_ catalog: CatalogSnapshot) throws(MarfaError) -> UInt64 {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(catalog) else {
            throw MarfaError.store(message: "the catalog the copy holds does not encode")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash & ((1 << 53) - 1)
    }
}
