/// What a follow did so far, as the device command line's follow report prints it.
struct FollowCounters: Sendable, Hashable {
    /// Events applied.
    var applied: UInt64 = 0
    /// Events skipped as stale.
    var skipped: UInt64 = 0
    /// Streams asked for after the first.
    var reconnects: UInt64 = 0
    /// Streams that failed to open.
    var failedOpens: UInt64 = 0
    /// The last failure, if any.
    var lastFailure: MarfaError?
    /// Streams opened so far.
    var opens: UInt64 = 0
}
