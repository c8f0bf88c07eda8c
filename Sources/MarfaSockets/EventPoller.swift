import CEpoll
import Glibc

/// One Linux `epoll` set: descriptors registered under a caller's 64-bit token, level-triggered, and a wait that
/// answers which tokens are ready. Registering, changing and waiting may happen on different threads.
package final class EventPoller: Sendable {
    /// What a registered descriptor is watched for.
    package struct Interest: OptionSet, Sendable, Equatable {
        /// The `EPOLLIN`/`EPOLLOUT` bits.
        package let rawValue: UInt32

        /// Makes an interest from `EPOLL*` bits.
        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// Bytes to read, a new connection to accept, or the peer's end of stream.
        package static let readable = Interest(rawValue: EPOLLIN.rawValue)
        /// Room to write.
        package static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// One ready descriptor as `wait` reports it.
    package struct Readiness: Sendable {
        /// The token the descriptor was registered under.
        package var token: UInt64
        /// Readable (or at end of stream) now.
        package var readable: Bool
        /// Writable now.
        package var writable: Bool
        /// The connection failed or both directions are closed (always reported, whatever the interest).
        package var hungUp: Bool
    }

    private let descriptor: Int32

    /// Makes an empty set.
    /// - Throws: `SocketError` when the kernel refuses a new epoll descriptor.
    package init() throws(SocketError) {
        let made = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard made >= 0 else { throw .lastError("epoll_create1") }
        descriptor = made
    }

    /// Starts watching `fd` for `interest`, reporting it as `token`.
    package func add(_ fd: Int32, token: UInt64, interest: Interest) throws(SocketError) {
        try control(EPOLL_CTL_ADD, fd, token: token, interest: interest, operation: "epoll_ctl(ADD)")
    }

    /// Changes what `fd` is watched for; an empty interest still reports failures and hang-ups.
    package func modify(_ fd: Int32, token: UInt64, interest: Interest) throws(SocketError) {
        try control(EPOLL_CTL_MOD, fd, token: token, interest: interest, operation: "epoll_ctl(MOD)")
    }

    /// Stops watching `fd`; call before closing it. A descriptor not in the set is ignored.
    package func remove(_ fd: Int32) {
        var event = epoll_event()
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, &event)
    }

    /// Waits up to `timeoutMilliseconds` (-1: until something is ready) and answers the ready descriptors,
    /// at most `capacity` of them; an interrupted wait answers none.
    package func wait(timeoutMilliseconds: Int32, capacity: Int = 256) throws(SocketError) -> [Readiness] {
        var events = [epoll_event](repeating: epoll_event(), count: capacity)
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(descriptor, buffer.baseAddress, Int32(buffer.count), timeoutMilliseconds)
        }
        if count < 0 {
            if errno == EINTR { return [] }
            throw .lastError("epoll_wait")
        }
        return events.prefix(Int(count)).map { event in
            Readiness(
                token: event.data.u64, readable: event.events & EPOLLIN.rawValue != 0,
                writable: event.events & EPOLLOUT.rawValue != 0,
                hungUp: event.events & (EPOLLERR.rawValue | EPOLLHUP.rawValue) != 0)
        }
    }

    /// Releases the epoll descriptor; call once, after the last `wait`.
    package func close() {
        SystemCall.close(descriptor)
    }

    private func control(
        _ command: Int32, _ fd: Int32, token: UInt64, interest: Interest, operation: String
    ) throws(SocketError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = token
        guard epoll_ctl(descriptor, command, fd, &event) == 0 else { throw .lastError(operation) }
    }
}
