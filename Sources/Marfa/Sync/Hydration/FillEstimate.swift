import Foundation
import MarfaEngine
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How many rows a fill expects, for `FillProgress.expected` and `fraction` (seed 003 "Updates", F112; Decision
/// 0109): the instance's `GET /items/stats` (P-27) for each slice type in the slice's tier, every state counted (a
/// fill lists `state=any`), summed, asked once before the first page; the device command line, which tells no fill,
/// does not ask.
struct FillEstimate {
    let client: InstanceClient

    /// The rows the instance counts for `types` in `tier`, or nil when it answers no count: the door is optional
    /// (P-27), and a fill never fails for want of a fraction.
    func expected(types: [String], tier: SliceTier) async -> UInt64? {
        var total: UInt64 = 0
        for type in types {
            let query = [URLQueryItem(name: "type", value: type), URLQueryItem(name: "tier", value: tier.rawValue)]
            guard let counts = try? await client.read("/items/stats", query: query).object else { return nil }
            for count in counts.values {
                guard let number = count.integer, number >= 0 else { return nil }
                total += UInt64(number)
            }
        }
        return total
    }
}
