import MarfaRules

/// An answer before it becomes HTTP: a status, a JSON body, the error code of a refusal and extra headers.
package struct Reply: Sendable {
    /// The status code.
    package var status: Int
    /// The JSON body.
    package var body: JSONValue
    /// The refusal's code, sent as `X-Error-Code`; nil on success.
    package var errorCode: String?
    /// Further headers, such as `Retry-After` or `Idempotency-Replayed`.
    package var headers: [(String, String)]

    /// Makes a reply.
    package init(status: Int, body: JSONValue, errorCode: String? = nil, headers: [(String, String)] = []) {
        self.status = status
        self.body = body
        self.errorCode = errorCode
        self.headers = headers
    }

    /// A `200` with `body`.
    package static func ok(_ body: JSONObject) -> Reply {
        Reply(status: 200, body: .object(body))
    }

    /// A `201` with `body`.
    package static func created(_ body: JSONObject) -> Reply {
        Reply(status: 201, body: .object(body))
    }

    /// The `{"ok": true}` of deletes and purges.
    package static let done = Reply.ok(["ok": true])
}
