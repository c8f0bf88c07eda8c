/// What a write based on some version leaves (P-63 to P-66).
package enum MergeOutcome: Sendable, Hashable {
    /// The write goes through: the row's new fields, and how collisions were settled when there were any.
    case applied(VersionedFields, resolution: ConflictResolution?)
    /// Fields collided and the write did not ask for `conflict=auto`: `409 version_conflict` naming them.
    case collided([MergeField])
    /// Fields collided, `conflict=auto` was asked, but one of them cannot be settled (the type): still `409`.
    case unresolvable([MergeField])
}
