/// The updates of one copy, for one consumer: the first asks to read everything, later ones name what changed
/// (seed 003). Iterate it once; releasing it lets the copy stop following when no other sequence is held.
public struct CopyUpdates: AsyncSequence, Sendable {
    /// Each element is one update.
    public typealias Element = CopyUpdate

    let channel: UpdateChannel
    let onRelease: @Sendable () -> Void

    /// The iterator; dropping it releases the sequence.
    public final class AsyncIterator: AsyncIteratorProtocol {
        private let channel: UpdateChannel
        private let onRelease: @Sendable () -> Void

        init(channel: UpdateChannel, onRelease: @escaping @Sendable () -> Void) {
            self.channel = channel
            self.onRelease = onRelease
        }

        deinit {
            channel.close()
            onRelease()
        }

        /// The next update, waiting for a change when none waits.
        public func next() async -> CopyUpdate? {
            await channel.next()
        }
    }

    /// Starts iterating; a sequence is iterated once.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(channel: channel, onRelease: onRelease)
    }
}
