/// The idempotency key a write carried and the digest of the request, as the write path checks and keeps them (P-16).
package struct IdempotencyClaim: Sendable {
    /// The credential and key.
    package var key: IdempotencyRecord.Key
    /// The digest of method, target, content type and body.
    package var fingerprint: String

    /// Makes a claim.
    package init(key: IdempotencyRecord.Key, fingerprint: String) {
        self.key = key
        self.fingerprint = fingerprint
    }

    /// Whether an answer with `status` is kept for replay: everything but `401`, `403` and `5xx`.
    package static func keeps(_ status: Int) -> Bool {
        status != 401 && status != 403 && status < 500
    }
}
