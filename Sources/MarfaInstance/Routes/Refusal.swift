import MarfaRules

/// A refusal in the instance's envelope (P-50): `{"error": {code, message, details?, status?}}` plus any top-level
/// members (`current`, `ancestor`…), with its HTTP status.
package struct Refusal: Error, Sendable {
    /// The HTTP status.
    package var status: Int
    /// The code, also sent as `X-Error-Code`.
    package var code: String
    /// A sentence for people.
    package var message: String
    /// The `details` object, if any.
    package var details: JSONObject?
    /// Members beside `error`, such as `current` on a version conflict.
    package var extra: JSONObject
    /// Whether `error.status` is set, as only on `version_conflict` and `ancestor_unavailable`.
    package var statusInError: Bool
    /// Extra headers, such as `Retry-After`.
    package var headers: [(String, String)]

    /// Makes a refusal.
    package init(
        _ status: Int, _ code: String, _ message: String, details: JSONObject? = nil, extra: JSONObject = [:],
        statusInError: Bool = false, headers: [(String, String)] = []
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.extra = extra
        self.statusInError = statusInError
        self.headers = headers
    }

    /// The refusal the instance answers for a `MarfaError` the shared rules threw (edge rules, the filter grammar).
    package init(_ error: MarfaError) {
        switch error {
        case .notFound(let code, let message): self.init(404, code, message)
        case .forbidden(let code, let message): self.init(403, code, message)
        case .unauthorized(let code, let message): self.init(401, code, message)
        case .unknownType(let message): self.init(400, "unknown_type", message)
        case .validation(let code, let message, let details):
            self.init(400, code, message, details: details?.object)
        case .invalid(let message): self.init(400, "validation_error", message)
        default: self = .internalError
        }
    }

    /// The reply carrying the envelope.
    package var reply: Reply {
        var error: JSONObject = ["code": .string(code), "message": .string(message)]
        if let details { error["details"] = .object(details) }
        if statusInError { error["status"] = .integer(Int64(status)) }
        var body = extra
        body["error"] = .object(error)
        return Reply(status: status, body: .object(body), errorCode: code, headers: headers)
    }

    /// `500 internal_error` with exactly the body P-50 gives it.
    package static let internalError = Refusal(500, "internal_error", "Internal server error")

    /// `400 validation_error`.
    package static func validation(_ message: String, details: JSONObject? = nil) -> Refusal {
        Refusal(400, "validation_error", message, details: details)
    }

    /// `400 missing_required_field` naming the field.
    package static func missingField(_ field: String) -> Refusal {
        Refusal(400, "missing_required_field", "\(field) is required.", details: ["field": .string(field)])
    }

    /// `400 invalid_id`.
    package static func invalidId(_ id: String) -> Refusal {
        Refusal(400, "invalid_id", "\"\(id)\" is not a lowercase UUID.")
    }

    /// `404 item_not_found`, with `details.trashed` when the reader may know the row is in the bin.
    package static func itemNotFound(trashed: Bool = false) -> Refusal {
        Refusal(404, "item_not_found", "Item not found.", details: trashed ? ["trashed": true] : nil)
    }

    /// `404 edge_not_found`.
    package static let edgeNotFound = Refusal(404, "edge_not_found", "Edge not found.")

    /// `403 type_not_permitted` with the grant that would fix it.
    package static func typeNotPermitted(_ type: String, level: GrantLevel) -> Refusal {
        Refusal(
            403, "type_not_permitted", "This key may not \(level == .write ? "write" : "read") \(type).",
            details: ["grant": ["kind": "type", "name": .string(type), "level": .string(level.rawValue)]])
    }

    /// `403 edge_permission_denied` with the grant that would fix it.
    package static func edgePermissionDenied(_ edgeType: String, level: GrantLevel) -> Refusal {
        Refusal(
            403, "edge_permission_denied", "This key may not \(level.rawValue) \(edgeType) edges.",
            details: [
                "edge_type": .string(edgeType),
                "grant": ["kind": "edge_type", "name": .string(edgeType), "level": .string(level.rawValue)],
            ])
    }

    /// `400 invalid_transition`.
    package static func invalidTransition(_ message: String) -> Refusal {
        Refusal(400, "invalid_transition", message)
    }
}
