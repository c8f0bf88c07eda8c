/// How a follow names a failure (issue 28 point 19, Decision 0103): its code, the HTTP status where the server
/// answered one, and its message, as the follow report's `last_failure` and a `server.unreachable` line's `reason`
/// print it (`server 503: busy`).
package enum FollowFailure {
    /// The failure in one line: `<code>[ <status>]: <message>`.
    package static func text(_ error: MarfaError) -> String {
        let status = self.status(of: error).map { " \($0)" } ?? ""
        return "\(error.code())\(status): \(error.message)"
    }

    /// The refusal a follow ends with for `error`, its message naming the status the stream was refused with; any
    /// other error is itself.
    package static func refusal(_ error: MarfaError) -> MarfaError {
        guard case .server(let status, let code, let message) = error else { return error }
        return .server(status: status, code: code, message: "the event stream was refused \(status): \(message)")
    }

    /// The HTTP status an answer carried, or nil for a failure no answer gave.
    private static func status(of error: MarfaError) -> Int? {
        switch error {
        case .server(let status, _, _), .unnamed(let status, _), .redirected(_, let status, _, _),
            .contractMismatch(_, _, let status, _, _):
            return status
        case .unauthorized: return 401
        case .forbidden: return 403
        case .notFound: return 404
        case .rateLimited: return 429
        default: return nil
        }
    }
}
