/// A kept answer to a write that carried an `Idempotency-Key` (P-16): replayed to a repeat of the same request by the
/// same credential.
package struct IdempotencyRecord: Sendable, Hashable {
    /// Which credential and key the record answers.
    package struct Key: Sendable, Hashable {
        /// The credential's id.
        package var credential: String
        /// The `Idempotency-Key` it sent.
        package var key: String

        /// Makes a record key.
        package init(credential: String, key: String) {
            self.credential = credential
            self.key = key
        }
    }

    /// The credential and key.
    package var key: Key
    /// A digest of method, path, query, body and content type, which a repeat must match.
    package var fingerprint: String
    /// The first answer's status.
    package var status: Int
    /// The first answer's body, JSON text.
    package var body: String
    /// The first answer's `X-Error-Code`, for a refusal.
    package var errorCode: String?

    /// Makes a record.
    package init(key: Key, fingerprint: String, status: Int, body: String, errorCode: String?) {
        self.key = key
        self.fingerprint = fingerprint
        self.status = status
        self.body = body
        self.errorCode = errorCode
    }
}
