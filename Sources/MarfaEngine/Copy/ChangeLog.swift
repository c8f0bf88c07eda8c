import MarfaRules

/// The recent commits of a copy, by commit number, so `changes(since:)` can name what changed after a cursor.
///
/// Held in memory and rebuilt on open from the journal records after the snapshot; commits older than the log's
/// start are unknown, and a cursor pointing before it asks for everything. A ring of `capacity` entries: once full,
/// each new commit overwrites the oldest, so recording costs O(1) every time rather than a mass drop now and then.
package struct ChangeLog: Sendable {
    /// The most commits the log keeps.
    package static let capacity = 10_000
    /// The commit number just before the first entry: changes after it are known.
    package private(set) var knownAfter: UInt64
    private var entries: [(number: UInt64, notice: CommitNotice)] = []
    /// Where the oldest entry sits once the ring is full (the next one to overwrite).
    private var oldest = 0

    /// An empty log whose knowledge starts after commit `number`.
    package init(after number: UInt64) {
        knownAfter = number
    }

    /// Records commit `number`, forgetting the oldest commit when the log is full.
    /// - Complexity: O(1).
    package mutating func record(_ number: UInt64, _ notice: CommitNotice) {
        guard entries.count == Self.capacity else {
            entries.append((number, notice))
            return
        }
        knownAfter = entries[oldest].number
        entries[oldest] = (number, notice)
        oldest = oldest + 1 == Self.capacity ? 0 : oldest + 1
    }

    /// The notices of commits after `number`, oldest first, or nil when the log no longer knows them all.
    /// - Complexity: O(log capacity + notices answered).
    package func notices(after number: UInt64) -> [CommitNotice]? {
        guard number >= knownAfter else { return nil }
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entry(middle).number > number { high = middle } else { low = middle + 1 }
        }
        return (low..<entries.count).map { entry($0).notice }
    }

    /// The entry at `position` in commit order (0 is the oldest).
    private func entry(_ position: Int) -> (number: UInt64, notice: CommitNotice) {
        let slot = oldest + position
        return entries[slot < entries.count ? slot : slot - entries.count]
    }
}
