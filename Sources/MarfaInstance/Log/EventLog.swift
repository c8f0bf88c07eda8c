/// The retained events and the head (P-30, P-35): ids ascend, retention drops a prefix and never the newest, and a
/// rollback forgets everything after a position as a restore from an older backup would.
package struct EventLog: Sendable, Hashable {
    /// The retained events, ascending by id.
    package private(set) var events: [LogEvent] = []
    /// The newest id issued (0 when none ever was); the next event takes `head + 1`.
    package private(set) var head: Int64 = 0

    /// Makes an empty log.
    package init() {}

    /// The oldest retained id, or `head + 1` when nothing is retained.
    package var minRetainedId: Int64 {
        events.first?.id ?? head + 1
    }

    /// Appends `event`, whose id must be above the head.
    package mutating func append(_ event: LogEvent) {
        events.append(event)
        head = max(head, event.id)
    }

    /// Drops every event with id ≤ `through`, never the newest.
    package mutating func trim(through: Int64) {
        let keepFrom = firstIndex(above: min(through, head - 1))
        events.removeFirst(min(keepFrom, max(events.count - 1, 0)))
    }

    /// Forgets every event after `position` and moves the head back to it.
    package mutating func rollback(to position: Int64) {
        events.removeLast(events.count - firstIndex(above: position))
        head = position
    }

    /// Sets the head, as a snapshot records it after its events.
    package mutating func setHead(_ position: Int64) {
        head = position
    }

    /// The position of the first event with id above `id`.
    /// - Complexity: O(log n).
    package func firstIndex(above id: Int64) -> Int {
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].id <= id { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Up to `limit` events with ids above `after` and at most `through`, ascending.
    /// - Complexity: O(log n + limit).
    package func events(after: Int64, through: Int64, limit: Int) -> ArraySlice<LogEvent> {
        let start = firstIndex(above: after)
        var end = start
        while end < events.count, end - start < limit, events[end].id <= through { end += 1 }
        return events[start..<end]
    }
}
