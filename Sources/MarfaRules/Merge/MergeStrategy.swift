/// How a field that two writers changed from one ancestor is settled under `conflict=auto` (P-66, V-9).
package enum MergeStrategy: String, Sendable, Hashable, CaseIterable {
    /// The incoming (later) writer's value wins.
    case lastWriterWins = "last_writer_wins"
    /// The row keeps the server's value and the incoming one goes to a conflicted copy.
    case keepBothCopies = "keep_both_copies"
}
