import Foundation
import MarfaRules

/// One authenticated request as a door sees it: the HTTP request, its path segments, the caller's access and the
/// instance's core.
package struct DoorRequest: Sendable {
    /// The request as received.
    package let http: HTTPRequest
    /// The decoded path split at `/`, empty segments dropped.
    package let segments: [String]
    /// What the caller may see and do.
    package let access: Access
    /// The instance.
    package let core: InstanceCore

    /// Makes a door request.
    package init(http: HTTPRequest, segments: [String], access: Access, core: InstanceCore) {
        self.http = http
        self.segments = segments
        self.access = access
        self.core = core
    }

    /// The query, checked against the keys the door declares (P-14).
    package func query(_ declared: Set<String>, prefixes: [String] = []) throws(Refusal) -> QueryValues {
        try QueryValues(http.queryItems, declared: declared, prefixes: prefixes)
    }

    /// The JSON object body (P-10).
    package func body() throws(Refusal) -> JSONObject {
        try JSONBody.object(of: http)
    }

    /// The `Idempotency-Key` claim of a write door that honours it (P-16), or nil when none was sent.
    /// - Throws: `400 validation_error` for a key outside 1–255 characters.
    package func claim() throws(Refusal) -> IdempotencyClaim? {
        guard let key = http.headers["Idempotency-Key"] else { return nil }
        guard (1...255).contains(key.count) else {
            throw Refusal.validation("Idempotency-Key must hold 1 to 255 characters.")
        }
        var digestInput = Array("\(http.method) \(http.target)\n".utf8)
        digestInput += Array((http.headers["Content-Type"] ?? "").lowercased().utf8) + [0x0A]
        digestInput += http.body
        return IdempotencyClaim(
            key: IdempotencyRecord.Key(credential: access.key.id, key: key), fingerprint: Digest.hex(digestInput))
    }

    /// The current time as the instance stamps rows: UTC with milliseconds.
    package static func now() -> String {
        Timestamp.string(from: Date())
    }
}

/// What a door answers: a JSON reply, or an event stream already shaped as HTTP.
package enum DoorAnswer: Sendable {
    /// A JSON body with its status.
    case reply(Reply)
    /// An event stream.
    case stream(HTTPResponse)
    /// A `200` whose JSON body the door wrote itself, byte for byte as `Reply` would have written it.
    case written([UInt8])
}
