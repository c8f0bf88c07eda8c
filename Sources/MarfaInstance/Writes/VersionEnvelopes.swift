import MarfaRules

/// The two `409` envelopes of versioned writes (P-65, V-5, V-6, V-11).
package enum VersionEnvelopes {
    /// `version_conflict` with `current`, `ancestor` (at the version named), sorted `conflicting_fields` and the
    /// type's `merge_policy`.
    package static func conflict(
        current: StoredItem, ancestor: ItemVersion, fields: [MergeField], policy: MergePolicy
    ) -> Refusal {
        Refusal(
            409, "version_conflict", "The item changed since version \(ancestor.version) and the changes collide.",
            extra: [
                "current": WireShapes.fields(current),
                "ancestor": ancestor.fields.json(id: current.id, version: ancestor.version),
                "conflicting_fields": .array(fields.map { .string($0.name) }), "merge_policy": policy.json,
            ], statusInError: true)
    }

    /// The short `version_conflict` of a stale delete, purge or edges-only update: `{error, current}`.
    package static func staleItem(_ current: StoredItem, named version: Int64) -> Refusal {
        Refusal(
            409, "version_conflict", "The item is at version \(current.item.version), not \(version).",
            extra: ["current": WireShapes.fields(current)], statusInError: true)
    }

    /// The `version_conflict` of a stale edge update: `{error, current: <edge>}`.
    package static func staleEdge(_ current: Edge, named version: Int64) -> Refusal {
        Refusal(
            409, "version_conflict", "The edge is at version \(current.version), not \(version).",
            extra: ["current": WireShapes.edge(current)], statusInError: true)
    }

    /// `ancestor_unavailable` with `current` and `requested_version`.
    package static func ancestorUnavailable(_ current: StoredItem, requested version: Int64) -> Refusal {
        Refusal(
            409, "ancestor_unavailable", "Version \(version) of the item is not held, so the write cannot be merged.",
            extra: ["current": WireShapes.fields(current), "requested_version": .integer(version)],
            statusInError: true)
    }
}
