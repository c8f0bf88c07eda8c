import MarfaRules

/// What the calling key may see and do, read against the catalog (P-4, P-95.10): rows it cannot read answer as
/// missing, writes it cannot make are refused with the grant that would allow them.
package struct Access: Sendable {
    /// The calling key.
    package let key: AccessKey
    /// The catalog types are resolved in.
    package let catalog: CatalogSnapshot

    /// Makes the access of `key`.
    package init(key: AccessKey, catalog: CatalogSnapshot) {
        self.key = key
        self.catalog = catalog
    }

    /// Whether the key reads items of `type`.
    package func reads(_ type: String) -> Bool {
        key.types.level(for: type).reads
    }

    /// Whether the key writes items of `type`.
    package func writes(_ type: String) -> Bool {
        key.types.level(for: type).writes
    }

    /// Whether the key reads `edge`: its edge type and its source's type (P-25, P-35).
    package func reads(_ edge: Edge, sourceType: String?) -> Bool {
        key.edgeTypes.level(for: edge.edgeType).reads && sourceType.map(reads) ?? false
    }

    /// Refuses `403 type_not_permitted` unless the key writes `type`.
    package func requireWrite(_ type: String) throws(Refusal) {
        guard writes(type) else { throw Refusal.typeNotPermitted(type, level: .write) }
    }

    /// Refuses `403 edge_permission_denied` unless the key writes edges of `edgeType`.
    package func requireEdgeWrite(_ edgeType: String) throws(Refusal) {
        guard key.edgeTypes.level(for: edgeType).writes else {
            throw Refusal.edgePermissionDenied(edgeType, level: .write)
        }
    }

    /// The item `id` as a reader sees it: malformed → `400 invalid_id`; missing or unreadable → `404`; in the
    /// bin → `404` with `details.trashed` unless `includingBin`.
    package func readable(_ id: String, in state: InstanceState, includingBin: Bool = false) throws(Refusal)
        -> StoredItem
    {
        guard ItemID.isWellFormed(id) else { throw Refusal.invalidId(id) }
        guard let stored = state.stored(id), reads(stored.item.type) else { throw Refusal.itemNotFound() }
        if stored.item.state == .trashed, !includingBin { throw Refusal.itemNotFound(trashed: true) }
        return stored
    }

    /// The item `id` for a write: readable as above (the bin refused unless `includingBin`), and writable.
    package func writable(_ id: String, in state: InstanceState, includingBin: Bool = false) throws(Refusal)
        -> StoredItem
    {
        guard ItemID.isWellFormed(id) else { throw Refusal.invalidId(id) }
        guard let stored = state.stored(id), reads(stored.item.type) else { throw Refusal.itemNotFound() }
        try requireWrite(stored.item.type)
        if stored.item.state == .trashed, !includingBin { throw Refusal.itemNotFound(trashed: true) }
        return stored
    }
}
