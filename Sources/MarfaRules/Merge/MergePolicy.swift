/// A type's merge policy (P-83, V-8): a strategy per named property and a default for the rest.
package struct MergePolicy: Sendable, Hashable {
    /// The strategy of each property named by the type or its ancestors.
    package var fields: [String: MergeStrategy]
    /// The strategy of every property not in `fields`.
    package var defaultStrategy: MergeStrategy

    /// Makes a policy; unnamed properties take `defaultStrategy`.
    package init(fields: [String: MergeStrategy] = [:], defaultStrategy: MergeStrategy = .lastWriterWins) {
        self.fields = fields
        self.defaultStrategy = defaultStrategy
    }

    /// The strategy that settles a collision on `field`; `tier`, `occurred_at` and `source_id` are always
    /// last-writer-wins whatever the policy says (P-66).
    package func strategy(for field: MergeField) -> MergeStrategy {
        guard case .property(let name) = field else { return .lastWriterWins }
        return fields[name] ?? defaultStrategy
    }

    /// The wire form `{"fields": {name: strategy}, "default": strategy}`.
    package var json: JSONValue {
        .object([
            "fields": .object(JSONObject(sorting: fields.mapValues { .string($0.rawValue) })),
            "default": .string(defaultStrategy.rawValue),
        ])
    }
}
