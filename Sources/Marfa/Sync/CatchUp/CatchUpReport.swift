/// What a catch-up did (WC-29): events applied and skipped, the cursor reached, and whether it reached the head.
public struct CatchUpReport: Sendable, Hashable {
    /// Events that changed or confirmed the copy.
    public var applied: UInt64
    /// Events skipped as older than the held row (WC-21), or naming a type the catalog does not describe even read
    /// again (WC-27).
    public var skipped: UInt64
    /// The cursor after the catch-up.
    public var cursor: String?
    /// Whether the marker or an event proved the head was reached.
    public var reachedHead: Bool
}
