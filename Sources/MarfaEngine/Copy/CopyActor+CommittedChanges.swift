import MarfaRules

/// What the commits after a given one changed, judged against the copy as it is now, for
/// `WorkingCopy.changes(since:)`: read in one turn of the actor, so no caller holds the state across a suspension.
package struct CommittedChanges: Sendable, Equatable {
    /// The ids of one kind of row named by those commits, each once, sorted.
    package struct Rows: Sendable, Equatable {
        /// Items the copy holds.
        package var items: [String]
        /// Edges the copy holds.
        package var edges: [String]
        /// Items named as removed that the copy no longer holds.
        package var removedItems: [String]
        /// Edges named as removed that the copy no longer holds.
        package var removedEdges: [String]

        /// How many rows are named.
        package var count: Int { items.count + edges.count + removedItems.count + removedEdges.count }
    }

    /// The commits so far.
    package var commitCount: UInt64
    /// Whether the copy has been filled.
    package var hydrated: Bool
    /// The rows, or nil when the change log no longer reaches back that far, the commit is ahead of the copy, one of
    /// those commits changed the catalog or everything, or more rows than asked for are named (read everything
    /// again).
    package var rows: Rows?
}

extension CopyActor {
    /// The rows the commits after `commit` named, at most `most` of them (nil `commit`: none to compare with, read
    /// everything).
    /// - Complexity: O(rows named by those commits), each looked up once, and a sort only of an answer that fits
    ///   `most`; never a walk of the whole copy.
    package func committedChanges(after commit: UInt64?, most: Int) -> CommittedChanges {
        var answer = CommittedChanges(
            commitCount: state.commitCount, hydrated: state.hydration == .complete, rows: nil)
        guard let commit, commit <= state.commitCount, let notices = changeLog.notices(after: commit) else {
            return answer
        }
        var items = Set<String>()
        var edges = Set<String>()
        var removedItems = Set<String>()
        var removedEdges = Set<String>()
        for notice in notices {
            if notice.everything || notice.catalog { return answer }
            items.formUnion(notice.items)
            items.formUnion(notice.edgeEnds)
            edges.formUnion(notice.edges)
            removedItems.formUnion(notice.removedItems)
            removedEdges.formUnion(notice.removedEdges)
        }
        var rows = CommittedChanges.Rows(
            items: items.filter { state.items[$0] != nil }, edges: edges.filter { state.edges[$0] != nil },
            removedItems: removedItems.filter { state.items[$0] == nil },
            removedEdges: removedEdges.filter { state.edges[$0] == nil })
        guard rows.count <= most else { return answer }
        rows.items.sort()
        rows.edges.sort()
        rows.removedItems.sort()
        rows.removedEdges.sort()
        answer.rows = rows
        return answer
    }
}
