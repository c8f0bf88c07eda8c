import Foundation

/// Every error the working copy, the device command line and the reference instance report, each with one code.
public enum MarfaError: Error, Sendable, Hashable {
    // Refusals the instance answers.
    /// The instance or the copy has no such row (`not_found`, or `not_held` for a row the copy does not hold).
    case notFound(code: String, message: String)
    /// The key is missing, unknown, revoked or expired (401).
    case unauthorized(code: String, message: String)
    /// The key may not do this (403), with the instance's own code.
    case forbidden(code: String, message: String)
    /// The request breaks a rule (`validation_error`, `invalid_properties`, `edge_cycle`…), with details.
    case validation(code: String, message: String, details: JSONValue? = nil)
    /// A type the catalog does not hold.
    case unknownType(message: String)
    /// The instance asks to wait (429), for `retryAfterSeconds` when it says.
    case rateLimited(code: String, message: String, retryAfterSeconds: UInt64?)
    /// The instance failed or refused in a way no other case names (5xx and the rest).
    case server(status: Int, code: String, message: String)
    /// The write was based on another version than the one held.
    case versionConflict(currentVersion: Int64?, message: String)

    // Transport.
    /// The instance could not be reached, or the connection dropped.
    case network(message: String)
    /// An answer with a status and no error envelope.
    case unnamed(status: Int, message: String)
    /// The server answered with a redirect to another origin.
    case redirected(origin: String, status: Int, location: String?, message: String)
    /// The answer named another contract, or a success named none (WC-73, WC-74).
    case contractMismatch(served: String?, expected: String, status: Int, writeSent: Bool, message: String)
    /// An answer that could not be read.
    case decoding(message: String)

    // The store and the device.
    /// A file operation failed.
    case io(message: String)
    /// The store cannot be used as it is.
    case store(message: String)
    /// A store file is damaged before its tail, at `path` and `offset`; nothing is skipped.
    case storeCorrupt(path: String, offset: Int64, message: String)
    /// The disk is full.
    case storageFull(message: String)
    /// No store exists where a reader looked.
    case noStore(message: String)
    /// The call needs a server and the copy was opened without one.
    case noServer(message: String)
    /// The copy holds no cursor to resume from.
    case noCursor(message: String)
    /// The copy cannot answer until it is filled (WC-4).
    case hydrationIncomplete(message: String)
    /// No catalog is held yet.
    case noCatalog(message: String)
    /// Another process writes to the store; this handle only reads (WC-2).
    case readingHandle(message: String)
    /// The store belongs to another origin; both are named (WC-1).
    case wrongServer(expected: String, got: String, message: String)
    /// A file's bytes are not held and cannot be fetched now.
    case bytesAbsent(hash: String, reason: String, message: String)
    /// The event stream ended early, with the instance's reason.
    case streamIncomplete(reason: String, message: String)

    // The copy's state.
    /// The log let the cursor go, or the slice changed; hydrate again.
    case copyExpired(reason: String, message: String)
    /// Another instance answers at the same origin.
    case instanceChanged(expected: String, got: String, message: String)

    // Call control.
    /// The call was canceled.
    case canceled(message: String)
    /// The call itself is malformed (a bad argument, a `backref` filter, a non-cursor).
    case invalid(message: String)
    /// The copy was closed.
    case closed(message: String)
}

extension MarfaError {
    /// The canonical snake_case code, the same one the device command line prints under `error.code`.
    public func code() -> String {
        switch self {
        case .notFound(let code, _): return code == "not_held" ? "not_held" : "not_found"
        case .unauthorized: return "unauthorized"
        case .forbidden: return "forbidden"
        case .validation: return "validation"
        case .unknownType: return "unknown_type"
        case .rateLimited: return "rate_limited"
        case .server: return "server"
        case .versionConflict: return "version_conflict"
        case .network: return "network"
        case .unnamed: return "server"
        case .redirected: return "redirect"
        case .contractMismatch: return "contract_mismatch"
        case .decoding: return "decoding"
        case .io: return "io"
        case .store: return "store"
        case .storeCorrupt: return "store_corrupt"
        case .storageFull: return "storage_full"
        case .noStore: return "no_store"
        case .noServer: return "no_server"
        case .noCursor: return "no_cursor"
        case .hydrationIncomplete: return "hydration_incomplete"
        case .noCatalog: return "no_catalog"
        case .readingHandle: return "reading_handle"
        case .wrongServer: return "wrong_server"
        case .bytesAbsent: return "bytes_absent"
        case .streamIncomplete: return "stream_incomplete"
        case .copyExpired(let reason, _):
            // The aged-out cursor is named apart, as the device contract reads it (WC-30, Decision 0103).
            return reason == "catchup_too_old" ? "catch_up_too_old" : "copy_expired"
        case .instanceChanged: return "instance_changed"
        case .canceled: return "canceled"
        case .invalid: return "invalid"
        case .closed: return "closed"
        }
    }

    /// The instance's own code for a server refusal (`invalid_properties`, `edge_cycle`…), or nil for a local error.
    public var serverCode: String? {
        switch self {
        case .notFound(let code, _), .unauthorized(let code, _), .forbidden(let code, _), .rateLimited(let code, _, _),
            .server(_, let code, _):
            return code
        case .validation(let code, _, _): return code
        default: return nil
        }
    }

    /// The sentence that explains the error to a person.
    public var message: String {
        switch self {
        case .notFound(_, let message), .unauthorized(_, let message), .forbidden(_, let message),
            .validation(_, let message, _), .unknownType(let message), .rateLimited(_, let message, _),
            .server(_, _, let message), .versionConflict(_, let message), .network(let message),
            .unnamed(_, let message), .redirected(_, _, _, let message), .contractMismatch(_, _, _, _, let message),
            .decoding(let message), .io(let message), .store(let message), .storeCorrupt(_, _, let message),
            .storageFull(let message), .noStore(let message), .noServer(let message), .noCursor(let message),
            .hydrationIncomplete(let message), .noCatalog(let message), .readingHandle(let message),
            .wrongServer(_, _, let message), .bytesAbsent(_, _, let message), .streamIncomplete(_, let message),
            .copyExpired(_, let message), .instanceChanged(_, _, let message), .canceled(let message),
            .invalid(let message), .closed(let message):
            return message
        }
    }
}

extension MarfaError: LocalizedError {
    /// The message, with the code in front, for logs and alerts.
    public var errorDescription: String? { "\(code()): \(message)" }
}
