/// What a log event names that the copy's catalog does not hold, which a catch-up or a follow reads the catalog again
/// for, once per chain of reopens (WC-27, WC-80; Decisions 0105, 0116). Item and edge type names are apart, so an
/// item type and an edge type of the same name are two gaps.
enum CatalogGap: Hashable, Sendable {
    /// An item event's row is of this item type.
    case itemType(String)
    /// An edge created or updated is of this edge type.
    case edgeType(String)
}
