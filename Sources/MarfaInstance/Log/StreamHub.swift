import MarfaLocks

/// The open event streams (P-28 to P-31): mailboxes, bounded by the door that opens streams, woken together when
/// the log's published head moves, or told to end together by a hook or a rollback.
package final class StreamHub: Sendable {
    private struct State {
        var mailboxes: [UInt64: StreamMailbox] = [:]
        var nextId: UInt64 = 0
    }

    private let state = LockedValue(State())
    /// The most streams open at once; one more is refused `503 stream_capacity_exhausted`.
    package let capacity: Int

    /// Makes a hub taking at most `capacity` streams.
    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether the hub holds its capacity, so a new stream is refused.
    package var isFull: Bool {
        state.withLock { $0.mailboxes.count >= capacity }
    }

    /// Registers a stream as its producer starts (so a stream whose head never reached the client holds no slot)
    /// and answers its id and mailbox.
    package func open() -> (id: UInt64, mailbox: StreamMailbox) {
        state.withLock { state in
            state.nextId += 1
            let mailbox = StreamMailbox()
            state.mailboxes[state.nextId] = mailbox
            return (state.nextId, mailbox)
        }
    }

    /// Forgets stream `id`.
    package func close(_ id: UInt64) {
        _ = state.withLock { $0.mailboxes.removeValue(forKey: id) }
    }

    /// How many streams are open.
    package var openCount: Int {
        state.withLock { $0.mailboxes.count }
    }

    /// Wakes every open stream to read what was published.
    package func wakeAll() {
        for mailbox in state.withLock({ Array($0.mailboxes.values) }) { mailbox.poke() }
    }

    /// Ends every open stream with `stream_incomplete` and `reason`; answers how many there were.
    @discardableResult
    package func endAll(reason: String) -> Int {
        let mailboxes = state.withLock { Array($0.mailboxes.values) }
        for mailbox in mailboxes { mailbox.end(reason: reason) }
        return mailboxes.count
    }
}
