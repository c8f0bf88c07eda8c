import MarfaRules

/// `GET /items/stats` (P-27; Marfa's `conformance/spec/items.md` 21): the rows a listing of the same `type` and
/// `tier` would reach, counted by lifecycle state, every state named (Decision 0109). A copy asks it before a fill
/// for `FillProgress.expected`.
package enum StatsDoor {
    /// `{"active": n, "archived": n, "trashed": n, "revoked": n}` over the readable types `type` selects (every
    /// readable type but `system.*` when absent) in `tier` (`all` when absent); refuses as `GET /items` does.
    package static func stats(_ request: DoorRequest) throws(Refusal) -> Reply {
        let query = try request.query(["type", "tier"])
        let types = try ListingDoor.types(query["type"], access: request.access, withSystem: false)
        guard let tier = SliceTier(rawValue: query["tier"] ?? "all") else {
            throw Refusal.validation("tier takes library, feed or all.", details: ["field": "tier"])
        }
        let counts = try request.core.read { state throws(Refusal) in
            var counts: [ItemState: Int64] = [.active: 0, .archived: 0, .trashed: 0, .revoked: 0]
            for type in types {
                for key in state.createdByType[type]?.keys ?? [] {
                    guard let item = state.items[key.id]?.item, tier.admits(item.tier) else { continue }
                    counts[item.state, default: 0] += 1
                }
            }
            return counts
        }
        var body: JSONObject = [:]
        for state in [ItemState.active, .archived, .trashed, .revoked] {
            body[state.rawValue] = .integer(counts[state] ?? 0)
        }
        return .ok(body)
    }
}
