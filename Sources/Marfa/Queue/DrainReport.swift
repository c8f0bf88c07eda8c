/// One write's answer in a drain pass.
public struct DrainVerdict: Sendable, Hashable {
    /// The queued write's id.
    public var id: String
    /// The write's kind.
    public var kind: WriteKind
    /// The item it named.
    public var itemId: String?
    /// The edge it named.
    public var edgeId: String?
    /// The verdict, or nil while it waits.
    public var verdict: Verdict?
    /// Counted failures so far.
    public var refusals: Int64
    /// Whether the instance answered from its record of an earlier send.
    public var replayed: Bool
}

/// What one drain pass did: counts by bucket, each answered write's verdict, and why the pass ended early.
public struct DrainReport: Sendable, Hashable {
    /// Writes answered this pass.
    public var answered: UInt64
    /// Writes held behind others.
    public var held: UInt64
    /// Writes sent without an answer.
    public var undelivered: UInt64
    /// Writes not reached.
    public var unsent: UInt64
    /// Writes settled without sending.
    public var unmade: UInt64
    /// Why the pass ended early, if it did.
    public var unavailable: String?
    /// Each answered write's verdict.
    public var verdicts: [DrainVerdict]
    /// The credential refusal that stopped the pass, if any.
    public var stopped: String?
    /// Sources the instance would not let this key claim.
    public var unclaimedSources: [String]
    /// How long the instance asked to wait before the next pass.
    public var retryAfterSeconds: UInt64?
}
