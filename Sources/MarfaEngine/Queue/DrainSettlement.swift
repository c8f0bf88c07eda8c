import MarfaRules

/// What a drain learned of one sent write, for the copy to record with its effects.
package enum DrainSettlement: Sendable {
    /// A 2xx naming an item: `verdict` is accepted, merged or conflicted; the row is adopted unless the
    /// copy holds a later one, its tags with it when `tagsNamed` (the answer's metadata named them);
    /// `acknowledged` marks a repeat the instance answered with the row as it is.
    case item(Item, verdict: Verdict, acknowledged: Bool, tagsNamed: Bool = true)
    /// A 2xx naming an edge: accepted, the edge adopted unless the copy holds a later one.
    case edge(Edge, acknowledged: Bool)
    /// A 2xx with no row (a delete, tags, metadata, extensions): accepted; the copy keeps what it shows;
    /// `acknowledged` marks a replay.
    case plain(acknowledged: Bool)
    /// A final refusal: the row or edge under the write is reset to `serverRow` or `serverEdge`, read back
    /// just before (nil for one the instance does not hold readable, which the copy then drops; a create leaves
    /// nothing); `readBack` is false when that read could not be made, and the copy keeps what it shows.
    case refused(Refusal, serverRow: Item? = nil, serverEdge: Edge? = nil, readBack: Bool)
    /// A block: not a failure; the write stays laid over.
    case blocked(BlockedReason, Refusal?)
    /// A counted failure: one more toward the ceiling of five, where the write is dead.
    case counted
}

/// How `CopyActor.settle` left one write.
package struct SettledWrite: Sendable {
    /// The write as stored after the answer.
    package var write: QueuedWrite
    /// Whether the instance answered from its record of an earlier send.
    package var replayed: Bool

    /// Makes a settled write.
    package init(write: QueuedWrite, replayed: Bool) {
        self.write = write
        self.replayed = replayed
    }
}

/// The ceiling of counted failures: fixed, not a setting.
package enum CountedFailures {
    /// The fifth counted failure makes the write dead.
    package static let ceiling: Int64 = 5
}
