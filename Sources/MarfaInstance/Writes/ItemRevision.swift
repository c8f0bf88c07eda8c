import MarfaRules

/// A change to an item's versioned fields based on some version (P-61 to P-66): what `PATCH /items/{id}` and a
/// natural-key upsert carry, resolved against the current row and, when stale, its stored ancestor.
package struct ItemRevision: Sendable {
    /// The properties carried; nulls already dropped or refused by the door.
    package var properties: JSONObject?
    /// Whether `properties` replaces the whole set, so an ancestor property left out is a clear.
    package var replace = false
    /// A new tier, if carried.
    package var tier: Tier?
    /// A new own time, canonical (a clear already turned into the creation time), if carried.
    package var occurredAt: String?
    /// A new natural key (`.clear` for null), if carried.
    package var sourceId: CarriedValue?
    /// A new type under `retype`, if carried.
    package var type: String?
    /// The version the write is based on.
    package var baseVersion: Int64
    /// Whether collisions settle by the merge policy (`conflict=auto`).
    package var auto = false
    /// Whether the write also replaces outbound edges, which never merge (V-11).
    package var carriesEdges = false

    /// Makes a revision based on `baseVersion`.
    package init(baseVersion: Int64) {
        self.baseVersion = baseVersion
    }

    /// The fields the row holds after the revision, and how collisions were settled, or the refusal: `409
    /// ancestor_unavailable` without a stored base, the short `409 version_conflict` for a stale write carrying
    /// edges, the full one for collisions not settled.
    package func resolve(against current: StoredItem, in state: InstanceState, catalog: CatalogSnapshot)
        throws(Refusal) -> (fields: VersionedFields, resolution: ConflictResolution?)
    {
        let now = VersionedFields(current.item)
        if baseVersion == current.item.version {
            return (FieldMerge.applyCurrent(carried(ancestor: now), to: now), nil)
        }
        guard baseVersion >= 1, baseVersion < current.item.version,
            let ancestor = state.version(baseVersion, of: current.id)
        else { throw VersionEnvelopes.ancestorUnavailable(current, requested: baseVersion) }
        if carriesEdges { throw VersionEnvelopes.staleItem(current, named: baseVersion) }
        let policy = MergePolicy.resolved(for: current.item.type, in: catalog)
        switch FieldMerge.merge(
            carried(ancestor: ancestor.fields), ancestor: ancestor.fields, current: now, policy: policy, auto: auto)
        {
        case .applied(let fields, let resolution):
            return (fields, resolution)
        case .collided(let fields), .unresolvable(let fields):
            throw VersionEnvelopes.conflict(current: current, ancestor: ancestor, fields: fields, policy: policy)
        }
    }

    /// Every field the revision carries, a replace's clears read against `ancestor`.
    private func carried(ancestor: VersionedFields) -> [MergeField: CarriedValue] {
        var fields: [MergeField: CarriedValue] = [:]
        if let properties {
            for (name, value) in properties { fields[.property(name)] = .set(value) }
            if replace {
                for name in ancestor.properties.keys where properties[name] == nil {
                    fields[.property(name)] = .clear
                }
            }
        }
        if let tier { fields[.tier] = .set(.string(tier.rawValue)) }
        if let occurredAt { fields[.occurredAt] = .set(.string(occurredAt)) }
        if let sourceId { fields[.sourceId] = sourceId }
        if let type { fields[.type] = .set(.string(type)) }
        return fields
    }
}
