import MarfaRules

/// What a narrowed key minted for tests may do (P-95.2): its type map and the rest, with the full key's defaults.
package struct KeyGrants: Sendable, Hashable {
    /// What the key may do with each item type; unmatched types are denied.
    package var types: [String: GrantLevel]
    /// What the key may do with each edge type.
    package var edgeTypes: [String: GrantLevel]
    /// What the key may do with each extension namespace.
    package var extensions: [String: GrantLevel]
    /// Named permissions such as `items.purge`.
    package var permissions: Set<String>
    /// The source stamped on the key's rows.
    package var source: String
    /// The tier a create without one takes, if any.
    package var defaultTier: Tier?
    /// A name for people.
    package var name: String

    /// Makes grants; only the type map is required.
    package init(
        types: [String: GrantLevel], edgeTypes: [String: GrantLevel] = ["*": .write],
        extensions: [String: GrantLevel] = ["*": .write], permissions: Set<String> = [], source: String = "narrowed",
        defaultTier: Tier? = nil, name: String = "Narrowed key"
    ) {
        self.types = types
        self.edgeTypes = edgeTypes
        self.extensions = extensions
        self.permissions = permissions
        self.source = source
        self.defaultTier = defaultTier
        self.name = name
    }
}
