/// The server's version and merge rules for item fields (P-61 to P-66, V-4 to V-10), pure, so the reference
/// instance and any copy that predicts an answer agree.
package enum FieldMerge {
    /// The fields after a write based on the current version (V-4): every carried value laid over `current`.
    package static func applyCurrent(_ carried: [MergeField: CarriedValue], to current: VersionedFields)
        -> VersionedFields
    {
        var result = current
        for (field, value) in carried {
            result[field] = value.value
        }
        return result
    }

    /// The outcome of a write based on an older version whose fields were `ancestor` (P-64).
    ///
    /// For each carried field: a value equal to the ancestor's is an echo and ignored; otherwise the field collides
    /// when the current row also differs from the ancestor there, unless the sent value equals the current one
    /// (reference choice). Without collisions the real changes are laid over `current` (V-7). With collisions and
    /// without `auto` the write is refused (V-5). Under `auto` a collision on `type` is never settled; `tier`,
    /// `occurred_at` and `source_id` and last-writer-wins properties take the incoming value; keep-both properties
    /// keep the current value and the incoming one goes to a conflicted copy (left off it for a clear) (V-9, V-10).
    /// - Complexity: O(carried fields).
    package static func merge(
        _ carried: [MergeField: CarriedValue], ancestor: VersionedFields, current: VersionedFields,
        policy: MergePolicy, auto: Bool
    ) -> MergeOutcome {
        var result = current
        var collisions: [MergeField] = []
        for (field, sent) in carried {
            let before = ancestor[field]
            let now = current[field]
            if sent.value == before { continue }
            if now == before {
                result[field] = sent.value
            } else if sent.value != now {
                collisions.append(field)
            }
        }
        guard !collisions.isEmpty else { return .applied(result, resolution: nil) }
        collisions.sort()
        guard auto else { return .collided(collisions) }
        guard !collisions.contains(.type) else { return .unresolvable(collisions) }
        var strategies: [MergeField: MergeStrategy] = [:]
        var losers: [MergeField] = []
        for field in collisions {
            let strategy = policy.strategy(for: field)
            strategies[field] = strategy
            if strategy == .lastWriterWins {
                result[field] = carried[field]?.value
            } else {
                losers.append(field)
            }
        }
        var copyProperties: JSONObject?
        if !losers.isEmpty {
            var copy = result
            for field in losers {
                copy[field] = carried[field]?.value
            }
            copyProperties = copy.properties
        }
        let resolution = ConflictResolution(fields: collisions, strategies: strategies, copyProperties: copyProperties)
        return .applied(result, resolution: resolution)
    }
}
