import Foundation
import MarfaRules

/// What planning a write needs besides the state: the time and fresh ids, injectable so tests repeat.
package struct WriteContext: Sendable {
    /// The current time as RFC 3339 UTC milliseconds.
    package var now: @Sendable () -> String
    /// A fresh lowercase UUIDv7.
    package var mintId: @Sendable () -> String

    /// The real clock and random ids.
    package static let live = WriteContext(
        now: { Timestamp.string(from: Date()) }, mintId: { ItemID.make() })

    /// Makes a context from a clock and an id source.
    package init(now: @escaping @Sendable () -> String, mintId: @escaping @Sendable () -> String) {
        self.now = now
        self.mintId = mintId
    }
}

/// A write ready to commit: the state changes (queue rows included) and the queued writes to hand back.
package struct PlannedWrite: Sendable {
    /// The changes to commit in one journal record.
    package var changes: [StoreChange] = []
    /// The queued writes, the main one first.
    package var writes: [QueuedWrite] = []

    /// Adds a queued write and its queue row.
    package mutating func queue(_ write: QueuedWrite) {
        writes.append(write)
        changes.append(.putQueuedWrite(write))
    }
}
