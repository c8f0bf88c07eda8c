import MarfaRules

/// One page of the instance's bin (seed 000 line 121, F063): its items, newest change first, and the cursor of the
/// next page, which a short or empty page may still carry.
public struct BinPage: Sendable, Hashable {
    /// The binned items of this page.
    public var items: [Item]
    /// The cursor to pass as `after` for the next page, or nil on the last one.
    public var nextCursor: String?

    /// Makes a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
