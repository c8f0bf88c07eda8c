import MarfaSockets
import MarfaLocks

/// What other threads tell the event loop: answers from handler tasks, streams with frames to write, the stop.
/// Posting never blocks; it wakes the loop through one pipe.
final class HTTPLoopInbox: Sendable {
    /// One message for the loop.
    enum Message: Sendable {
        /// The handler answered the request of this connection.
        case answered(connection: UInt64, HTTPResponse)
        /// Stop accepting, close idle connections, tell streams the server is stopping.
        case stop
        /// Close every connection now (the grace period ran out).
        case forceClose
    }

    private struct Pending {
        var messages: [Message] = []
        var readyStreams: Set<UInt64> = []
    }

    private let pending = LockedValue(Pending())
    /// The pipe the loop watches; readable while messages wait.
    let wakeup: WakeupPipe

    /// Makes an inbox around a fresh pipe.
    init() throws(SocketError) {
        wakeup = try WakeupPipe()
    }

    /// Leaves `message` for the loop and wakes it.
    func post(_ message: Message) {
        pending.withLock { $0.messages.append(message) }
        wakeup.signal()
    }

    /// Tells the loop the stream of `connection` has frames or finished; repeated calls before the loop looks
    /// coalesce.
    func streamReady(_ connection: UInt64) {
        let first = pending.withLock { $0.readyStreams.insert(connection).inserted }
        if first { wakeup.signal() }
    }

    /// Wakes the loop so it looks at its deadlines again (after a manual clock's jump).
    func nudge() {
        wakeup.signal()
    }

    /// Takes every waiting message and ready stream; called by the loop when the pipe is readable.
    func take() -> (messages: [Message], readyStreams: Set<UInt64>) {
        wakeup.drain()
        return pending.withLock { pending in
            defer { pending = Pending() }
            return (pending.messages, pending.readyStreams)
        }
    }
}
