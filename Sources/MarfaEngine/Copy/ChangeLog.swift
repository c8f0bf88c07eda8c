import MarfaRules

/// The recent commits of a copy, by commit number, so `changes(since:)` can name what changed after a cursor.
///
/// Held in memory and rebuilt on open from the journal records after the snapshot; commits older than the log's
/// start are unknown, and a cursor pointing before it asks for everything.
package struct ChangeLog: Sendable {
    /// The most commits the log keeps.
    package static let capacity = 10_000
    /// The commit number just before the first entry: changes after it are known.
    package private(set) var knownAfter: UInt64
    private var entries: [(number: UInt64, notice: CommitNotice)] = []

    /// An empty log whose knowledge starts after commit `number`.
    package init(after number: UInt64) {
        knownAfter = number
    }

    /// Records commit `number`.
    package mutating func record(_ number: UInt64, _ notice: CommitNotice) {
        entries.append((number, notice))
        if entries.count > Self.capacity {
            let dropped = entries.count - Self.capacity / 2
            knownAfter = entries[dropped - 1].number
            entries.removeFirst(dropped)
        }
    }

    /// The notices of commits after `number`, or nil when the log no longer knows them all.
    package func notices(after number: UInt64) -> [CommitNotice]? {
        guard number >= knownAfter else { return nil }
        return entries.filter { $0.number > number }.map(\.notice)
    }
}
