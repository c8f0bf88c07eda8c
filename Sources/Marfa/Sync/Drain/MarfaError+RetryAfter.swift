import MarfaEngine

extension MarfaError {
    /// The wait a refused read asked for (a 429's `Retry-After`, in seconds), so a drain passes it on whether a write
    /// or a read met it; nil for every other error.
    var retryAfterSeconds: UInt64? {
        guard case .rateLimited(_, _, let seconds) = self else { return nil }
        return seconds
    }
}
