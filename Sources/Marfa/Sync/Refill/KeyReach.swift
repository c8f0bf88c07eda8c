import MarfaEngine

/// What a key reads of a catalog (P-4, P-18): the level its `type_permissions` give each type, and whether it reads a
/// slice type; a refill (`RefillGate`) and a hydration ask it the same way.
struct KeyReach: Sendable {
    /// The catalog the slice's types are taken from.
    let catalog: CatalogSnapshot
    /// The key's `type_permissions` from `GET /keys/current`: pattern (`name`, `ns.*`, `*`) to level.
    let typeGrants: [String: String]

    /// The catalog types a slice type takes: the type with its subtree, or every type under an `ns.*` pattern.
    func catalogTypes(of sliceType: String) -> [String] {
        if sliceType.hasSuffix(".*") {
            let namespace = String(sliceType.dropLast(1))
            return catalog.itemTypes.map(\.id).filter { $0.hasPrefix(namespace) }
        }
        return catalog.itemTypes.map(\.id).filter { catalog.isType($0, within: sliceType) }
    }

    /// A slice type is readable when the key reads it or any type in its subtree (P-18).
    func reads(_ sliceType: String) -> Bool {
        catalogTypes(of: sliceType).contains { ["read", "write"].contains(grantLevel(for: $0)) }
    }

    /// The level the most specific pattern gives `name`: exact, else the longest `ns.*` it extends, else `*` (P-4).
    private func grantLevel(for name: String) -> String {
        if let exact = typeGrants[name] { return exact }
        let namespaced = typeGrants.filter { $0.key.hasSuffix(".*") && name.hasPrefix($0.key.dropLast(1)) }
        if let best = namespaced.max(by: { $0.key.count < $1.key.count }) { return best.value }
        return typeGrants["*"] ?? "none"
    }
}
