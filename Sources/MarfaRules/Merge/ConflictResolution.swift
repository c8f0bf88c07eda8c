/// How `conflict=auto` settled a stale write's collisions (P-66, P-67): which fields collided, the strategy that
/// settled each, and the properties of the conflicted copy when a keep-both field lost.
package struct ConflictResolution: Sendable, Hashable {
    /// The collided fields, sorted by wire name.
    package var fields: [MergeField]
    /// The strategy that settled each collided field.
    package var strategies: [MergeField: MergeStrategy]
    /// The conflicted copy's properties (the merged row's, with each losing keep-both value), or nil when no
    /// keep-both field collided.
    package var copyProperties: JSONObject?

    /// Makes a resolution.
    package init(fields: [MergeField], strategies: [MergeField: MergeStrategy], copyProperties: JSONObject?) {
        self.fields = fields
        self.strategies = strategies
        self.copyProperties = copyProperties
    }
}
