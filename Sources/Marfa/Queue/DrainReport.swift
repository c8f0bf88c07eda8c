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
    /// The verdict, or nil where the write was sent and not answered (a counted failure below the ceiling) or could
    /// not be delivered (an environmental failure met it, Q-22).
    public var verdict: Verdict?
    /// Counted failures so far.
    public var refusals: Int64
    /// Whether the instance answered from its record of an earlier send.
    public var replayed: Bool
}

/// What one drain pass did: counts by bucket, each answered write's verdict, and why the pass ended early.
public struct DrainReport: Sendable, Hashable {
    /// Writes the instance answered this pass, whatever it answered.
    public var answered: UInt64 = 0
    /// Writes held behind a write ahead of them, or waiting for a create the instance has not taken.
    public var held: UInt64 = 0
    /// Writes this pass could not deliver: the one an environmental failure hit and every unheld write behind it;
    /// each waits, uncounted, for the next drain.
    public var undelivered: UInt64 = 0
    /// Writes settled without being sent: refused for a create they waited on.
    public var unsent: UInt64 = 0
    /// Writes whose request could not be made: each counted against its write, retried by the next drain.
    public var unmade: UInt64 = 0
    /// Why the pass ended before the queue was through (the server could not be reached, failed, or asked to be
    /// left alone), if it did.
    public var unavailable: String?
    /// Each answered or settled write's verdict, and the write an environmental failure met with none, in the order
    /// the pass reached them.
    public var verdicts: [DrainVerdict] = []
    /// Set when a refused credential blocked the queue and stopped the pass.
    public var stopped: String?
    /// Sources the instance refused this key's creates for, as sources it does not claim: the creates naming
    /// them are blocked `credential_refused` until a drain finds the key claims them.
    public var unclaimedSources: [String] = []
    /// The longest `Retry-After` the instance asked for this pass, in seconds.
    public var retryAfterSeconds: UInt64?
}
