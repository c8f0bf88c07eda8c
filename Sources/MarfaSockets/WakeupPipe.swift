import Glibc
import MarfaLocks

/// A self-pipe one thread polls and any thread signals, to wake a `poll` that waits on sockets.
package final class WakeupPipe: Sendable {
    /// The end to include in a `poll` set with `POLLIN`.
    package let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let isOpen = LockedValue(true)

    /// Creates a non-blocking pipe.
    package init() throws(SocketError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .lastError("pipe") }
        do throws(SocketError) {
            try SystemCall.makeNonBlocking(ends[0])
            try SystemCall.makeNonBlocking(ends[1])
        } catch {
            SystemCall.close(ends[0])
            SystemCall.close(ends[1])
            throw error
        }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
    }

    /// Makes the read end readable; several signals before a `drain()` coalesce. Does nothing after `close()`.
    package func signal() {
        isOpen.withLock { open in
            guard open else { return }
            var byte: UInt8 = 1
            _ = SystemCall.retryingInterrupts { write(writeDescriptor, &byte, 1) }
        }
    }

    /// Empties the pipe so the read end stops being readable until the next `signal()`.
    package func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while SystemCall.retryingInterrupts({ read(readDescriptor, &scratch, scratch.count) }) > 0 {}
    }

    /// Releases both ends once.
    package func close() {
        isOpen.withLock { open in
            if open {
                open = false
                SystemCall.close(readDescriptor)
                SystemCall.close(writeDescriptor)
            }
        }
    }
}
