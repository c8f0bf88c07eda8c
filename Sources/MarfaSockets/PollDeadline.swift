import Glibc

/// The `poll` timeout, in milliseconds, that waits until a deadline: rounded up, zero once passed, -1 for none.
package func pollTimeout(until deadline: ContinuousClock.Instant?) -> Int32 {
    guard let deadline else { return -1 }
    let remaining = deadline - ContinuousClock.now
    if remaining <= .zero { return 0 }
    let (seconds, attoseconds) = remaining.components
    let milliseconds = seconds * 1_000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
}

/// Waits with `poll` for the descriptors' events until `deadline`, retrying interrupts with the remaining time.
/// - Returns: how many descriptors are ready (0 on timeout); `revents` is filled in `descriptors`.
package func pollDescriptors(
    _ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?
) throws(SocketError) -> Int {
    let count = nfds_t(descriptors.count)
    let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
        SystemCall.retryingInterrupts { poll(buffer.baseAddress, count, pollTimeout(until: deadline)) }
    }
    guard ready >= 0 else { throw .lastError("poll") }
    return Int(ready)
}
