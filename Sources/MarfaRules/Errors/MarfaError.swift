import Foundation

/// Every error the working copy, the device command line and the reference instance report, each with one code.
public enum MarfaError: Error, Sendable, Hashable {
    // Refusals the instance answers.
    case notFound(code: String, message: String)
    case unauthorized(code: String, message: String)
    case forbidden(code: String, message: String)
    case validation(code: String, message: String, details: JSONValue? = nil)
    case unknownType(message: String)
    case rateLimited(code: String, message: String, retryAfterSeconds: UInt64?)
    case server(status: Int, code: String, message: String)
    case versionConflict(currentVersion: Int64?, message: String)

    // Transport.
    case network(message: String)
    case unnamed(status: Int, message: String)
    case redirected(origin: String, status: Int, location: String?, message: String)
    case contractMismatch(served: String?, expected: String, status: Int, writeSent: Bool, message: String)
    case decoding(message: String)

    // The store and the device.
    case io(message: String)
    case store(message: String)
    case storeCorrupt(path: String, offset: Int64, message: String)
    case storageFull(message: String)
    case noStore(message: String)
    case noServer(message: String)
    case noCursor(message: String)
    case hydrationIncomplete(message: String)
    case noCatalog(message: String)
    case readingHandle(message: String)
    case wrongServer(expected: String, got: String, message: String)
    case bytesAbsent(hash: String, reason: String, message: String)
    case streamIncomplete(reason: String, message: String)

    // The copy's state.
    case copyExpired(reason: String, message: String)
    case instanceChanged(expected: String, got: String, message: String)

    // Call control.
    case canceled(message: String)
    case invalid(message: String)
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
        case .copyExpired: return "copy_expired"
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
