import MarfaRules

/// The recent commits of a copy, by commit number, so `changes(since:)` can name what changed after a cursor.
///
/// Held in memory and rebuilt on open from the journal records after the snapshot; commits older than the log's
/// start are unknown, and a cursor pointing before it asks for everything. A ring of at most `capacity` commits
/// naming at most `idCapacity` rows between them: a new commit pushes out the oldest ones until both hold, so
/// recording costs O(1) amortized, and a bulk load (a thousand items and four thousand edges a commit) does not keep
/// every edge id it wrote alive in the log (about 110 B an item at 100k before the bound).
package struct ChangeLog: Sendable {
    /// The most commits the log keeps.
    package static let capacity = 10_000
    /// The most row ids (items and edges, written or removed) the kept commits may name between them; a commit
    /// naming more is kept alone.
    package static let idCapacity = 100_000
    /// The commit number just before the first entry: changes after it are known.
    package private(set) var knownAfter: UInt64
    /// The ring's slots, allocated as commits arrive, up to `capacity`.
    private var slots: [(number: UInt64, notice: CommitNotice)?] = []
    /// Where the oldest kept commit sits.
    private var start = 0
    /// How many commits are kept.
    private var count = 0
    /// How many row ids the kept commits name.
    private var heldIds = 0

    /// An empty log whose knowledge starts after commit `number`.
    package init(after number: UInt64) {
        knownAfter = number
    }

    /// Records commit `number`, forgetting the oldest commits while the log would hold too many commits or ids.
    /// - Complexity: O(1) amortized.
    package mutating func record(_ number: UInt64, _ notice: CommitNotice) {
        let ids = Self.idCount(notice)
        while count > 0, count == Self.capacity || heldIds + ids > Self.idCapacity { dropOldest() }
        let slot = (start + count) % Self.capacity
        if slot == slots.count {
            slots.append((number, notice))
        } else {
            slots[slot] = (number, notice)
        }
        count += 1
        heldIds += ids
    }

    /// The notices of commits after `number`, oldest first, or nil when the log no longer knows them all.
    /// - Complexity: O(log capacity + notices answered).
    package func notices(after number: UInt64) -> [CommitNotice]? {
        guard number >= knownAfter else { return nil }
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if entry(middle).number > number { high = middle } else { low = middle + 1 }
        }
        return (low..<count).map { entry($0).notice }
    }

    private mutating func dropOldest() {
        let oldest = entry(0)
        knownAfter = oldest.number
        heldIds -= Self.idCount(oldest.notice)
        slots[start] = nil
        start = (start + 1) % Self.capacity
        count -= 1
    }

    /// The kept commit at `position` in commit order (0 is the oldest).
    private func entry(_ position: Int) -> (number: UInt64, notice: CommitNotice) {
        guard let entry = slots[(start + position) % Self.capacity] else {
            preconditionFailure("the change log's ring has a hole at \(position) of \(count)")
        }
        return entry
    }

    private static func idCount(_ notice: CommitNotice) -> Int {
        notice.items.count + notice.removedItems.count + notice.edges.count + notice.removedEdges.count
    }
}
