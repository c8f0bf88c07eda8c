import MarfaRules

/// Which events one stream shows (P-35): item frames only for readable types within the `type` filter, edge frames
/// only where the edge type and the source's type are readable (never narrowed by `type`), none under `edges=none`.
package struct StreamAudience: Sendable {
    /// The caller's access.
    package let access: Access
    /// The item types the `type` filter selects, nil for every readable type.
    package let types: Set<String>?
    /// Whether edge frames are sent.
    package let edges: Bool

    /// Makes an audience.
    package init(access: Access, types: Set<String>?, edges: Bool) {
        self.access = access
        self.types = types
        self.edges = edges
    }

    /// Whether `event` is shown.
    package func sees(_ event: LogEvent) -> Bool {
        if event.kind.concernsItem {
            guard let type = event.itemType, access.reads(type) else { return false }
            return types?.contains(type) ?? true
        }
        guard edges, let edgeType = event.edgeType, let sourceType = event.sourceType else { return false }
        return access.key.edgeTypes.level(for: edgeType).reads && access.reads(sourceType)
    }
}
