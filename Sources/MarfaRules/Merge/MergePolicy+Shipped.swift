extension MergePolicy {
    /// The keep-both properties each shipped type declares itself (P-86's "KB" column); every other property of a
    /// shipped type is last-writer-wins.
    package static let shippedKeepBoth: [String: [String]] = [
        "core.note": ["body", "notes"],
        "core.task": ["body", "notes"],
        "core.bookmark": ["body", "notes"],
        "core.event": ["notes"],
        "core.message": ["body"],
        "core.highlight": ["note"],
        "core.media": ["body", "notes"],
    ]

    /// The policy `type` declares itself, without its ancestors'.
    package static func own(of type: String) -> MergePolicy {
        let names = shippedKeepBoth[type] ?? []
        return MergePolicy(fields: Dictionary(uniqueKeysWithValues: names.map { ($0, .keepBothCopies) }))
    }

    /// The policy of `type` resolved through its parents in `catalog`: a nearer type's entry wins (V-8).
    ///
    /// - Complexity: O(depth of the type's parent chain).
    package static func resolved(for type: String, in catalog: CatalogSnapshot) -> MergePolicy {
        var chain: [String] = []
        var seen: Set<String> = []
        var current: String? = type
        while let id = current, seen.insert(id).inserted {
            chain.append(id)
            current = catalog.itemType(id)?.parent
        }
        var policy = MergePolicy()
        for id in chain.reversed() {
            policy.fields.merge(own(of: id).fields) { _, nearer in nearer }
        }
        return policy
    }
}
