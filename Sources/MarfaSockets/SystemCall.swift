import Glibc

/// The one place system calls are retried when a signal interrupts them (`EINTR`).
package enum SystemCall {
    /// Runs `call` again while it returns -1 with `errno == EINTR`; any other result, failures included, is returned.
    /// The closure is re-evaluated on every try, so a `poll` timeout computed inside it shrinks as time passes.
    @inline(__always)
    package static func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result != -1 || errno != EINTR {
                return result
            }
        }
    }

    /// Whether the last failure only means a non-blocking descriptor has nothing to give or take right now.
    @inline(__always)
    package static var lastErrorWouldBlock: Bool {
        errno == EAGAIN || errno == EWOULDBLOCK
    }

    /// Puts `descriptor` in non-blocking, close-on-exec mode.
    package static func makeNonBlocking(_ descriptor: Int32) throws(SocketError) {
        let flags = retryingInterrupts { fcntl(descriptor, F_GETFL) }
        guard flags >= 0, retryingInterrupts({ fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }) >= 0 else {
            throw .lastError("fcntl(O_NONBLOCK)")
        }
        guard retryingInterrupts({ fcntl(descriptor, F_SETFD, FD_CLOEXEC) }) >= 0 else {
            throw .lastError("fcntl(FD_CLOEXEC)")
        }
    }

    /// Closes `descriptor` once; `close` is never retried on Linux because the descriptor is gone even after `EINTR`.
    package static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Makes writing to a socket whose peer left fail with `EPIPE` instead of killing the process.
    package static func ignoreBrokenPipeSignal() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}
