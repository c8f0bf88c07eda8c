/// One field a write can carry and a merge compares (P-64): a property, or one of the row's own fields.
package enum MergeField: Sendable, Hashable, Comparable {
    /// A top-level property.
    case property(String)
    /// The item's type, carried only under `retype`.
    case type
    /// The item's tier.
    case tier
    /// The item's own time.
    case occurredAt
    /// The item's natural key within its source.
    case sourceId

    /// The name the wire uses in `conflicting_fields` and `conflict_resolution`: the bare property name, or
    /// `type`, `tier`, `occurred_at`, `source_id` (no declared field may take these names, P-82).
    package var name: String {
        switch self {
        case .property(let name): return name
        case .type: return "type"
        case .tier: return "tier"
        case .occurredAt: return "occurred_at"
        case .sourceId: return "source_id"
        }
    }

    /// Orders fields by their wire name, as `conflicting_fields` is sorted ascending (V-5).
    package static func < (lhs: MergeField, rhs: MergeField) -> Bool {
        lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
    }
}
