import Glibc
import MarfaLocks

/// One accepted, non-blocking TCP connection: reads, deadline-bound writes, and a shutdown any thread may call.
package final class ConnectedSocket: Sendable {
    /// What one `receive` found.
    package enum ReceiveOutcome: Sendable, Equatable {
        /// This many bytes were read.
        case received(Int)
        /// The peer closed (or reset) the connection.
        case endOfStream
        /// Nothing is available yet.
        case wouldBlock
    }

    /// The connected descriptor; valid until `close()`.
    package let descriptor: Int32
    private let isOpen = LockedValue(true)

    /// Takes ownership of an already non-blocking connected descriptor.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Reads what is available into `buffer` without waiting.
    package func receive(into buffer: UnsafeMutableRawBufferPointer) throws(SocketError) -> ReceiveOutcome {
        let count = SystemCall.retryingInterrupts { recv(descriptor, buffer.baseAddress, buffer.count, 0) }
        if count > 0 { return .received(count) }
        if count == 0 { return .endOfStream }
        if SystemCall.lastErrorWouldBlock { return .wouldBlock }
        if errno == ECONNRESET { return .endOfStream }
        throw .lastError("recv")
    }

    /// Sends what the kernel takes now, without waiting: answers how many bytes left (0 when there is no room).
    /// Never raises `SIGPIPE`; a peer that left makes it throw.
    package func sendAvailable(_ bytes: UnsafeRawBufferPointer) throws(SocketError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        let sent = SystemCall.retryingInterrupts { send(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL)) }
        if sent >= 0 { return sent }
        if SystemCall.lastErrorWouldBlock { return 0 }
        throw .lastError("send")
    }

    /// Sends every byte, looping over partial writes and waiting for room until `deadline`.
    /// Never raises `SIGPIPE`; a peer that left makes it throw.
    package func sendAll(_ bytes: UnsafeRawBufferPointer, deadline: ContinuousClock.Instant) throws(SocketError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let sent = SystemCall.retryingInterrupts {
                send(descriptor, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent >= 0 {
                offset += sent
                continue
            }
            guard SystemCall.lastErrorWouldBlock else { throw .lastError("send") }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            guard try pollDescriptors(&descriptors, until: deadline) > 0 else { throw .timedOut(operation: "send") }
        }
    }

    /// Sends every byte of `bytes`; see `sendAll(_:deadline:)` for an unsafe buffer.
    package func sendAll(_ bytes: [UInt8], deadline: ContinuousClock.Instant) throws(SocketError) {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(SocketError) in try sendAll(buffer, deadline: deadline) }
        }
        try outcome.get()
    }

    /// Ends both directions so a thread blocked on this socket wakes up; harmless after `close()`.
    package func shutdown() {
        isOpen.withLock { open in
            if open { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// Ends the sending direction (the peer reads end-of-stream) while still letting this side read.
    package func shutdownWriting() {
        isOpen.withLock { open in
            if open { _ = Glibc.shutdown(descriptor, Int32(SHUT_WR)) }
        }
    }

    /// Releases the descriptor once; later calls do nothing.
    package func close() {
        isOpen.withLock { open in
            if open {
                open = false
                SystemCall.close(descriptor)
            }
        }
    }
}
