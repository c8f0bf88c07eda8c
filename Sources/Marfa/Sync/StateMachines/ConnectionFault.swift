/// How a failure bears on the connection: whether it may pass by itself, needs the app, or changes nothing.
package enum ConnectionFault: Sendable, Hashable {
    /// A failure that may pass by itself (network, 5xx, a refusal from something in between, a dropped stream, a
    /// rate limit); `retryAfter` is the least wait a rate limit asks for.
    case passing(MarfaError, retryAfter: Duration?)
    /// The server refused the key.
    case keyRefused(MarfaError)
    /// The log no longer holds the copy's cursor, or its reach moved: a refill, or a hydration, is the remedy.
    case expired(MarfaError)
    /// Another instance answers at the copy's address; only the app's hydration helps.
    case instanceChanged(MarfaError)
    /// A fault asking again may not clear: another refusal, a store fault, `noCatalog`, `wrongServer`, a contract
    /// mismatch, an answer that can't be read.
    case lasting(MarfaError)
    /// A call canceled, made during a key change, or refused on the app's own arguments: nothing changes (F128).
    case none

    /// The longest rate-limit wait honoured, so a server's huge `Retry-After` can't overflow the clock.
    private static let longestRateLimit: UInt64 = 86_400

    /// Sorts `error` into how the connection takes it.
    package init(_ error: MarfaError) {
        switch error {
        case .network, .unnamed, .streamIncomplete:
            self = .passing(error, retryAfter: nil)
        case .rateLimited(_, _, let seconds):
            self = .passing(error, retryAfter: seconds.map { .seconds(min($0, Self.longestRateLimit)) })
        case .server(let status, _, _) where status >= 500 || status == 408:
            self = .passing(error, retryAfter: nil)
        case .unauthorized:
            self = .keyRefused(error)
        case .copyExpired:
            self = .expired(error)
        case .instanceChanged:
            self = .instanceChanged(error)
        case .canceled, .invalid, .validation, .unknownType, .closed, .noServer, .readingHandle:
            self = .none
        case .notFound, .forbidden, .server, .versionConflict, .redirected, .contractMismatch, .decoding, .io, .store,
            .storeCorrupt, .storageFull, .noStore, .noCursor, .hydrationIncomplete, .noCatalog, .wrongServer,
            .bytesAbsent:
            self = .lasting(error)
        }
    }
}

extension ConnectionFault {
    /// The error behind the fault, or nil for one that changes nothing.
    package var error: MarfaError? {
        switch self {
        case .passing(let error, _), .keyRefused(let error), .expired(let error), .instanceChanged(let error),
            .lasting(let error):
            return error
        case .none:
            return nil
        }
    }
}
