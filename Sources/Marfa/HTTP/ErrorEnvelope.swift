/// Reads the instance's error envelope (P-50) into a `MarfaError` by the read classification (P-54).
package enum ErrorEnvelope {
    /// The code, message and details of an error body, if it is an envelope.
    package static func parse(_ answer: InstanceAnswer) -> (code: String, message: String, details: JSONValue?)? {
        guard let body = try? JSONValue(jsonBytes: answer.body), let error = body.object?["error"]?.object,
            let code = error["code"]?.string
        else { return nil }
        return (code, error["message"]?.string ?? code, error["details"])
    }

    /// The error for a refused read: `unknown_type`, validation, unauthorized, forbidden, not found, rate limited,
    /// or a server error (P-54).
    package static func readError(_ answer: InstanceAnswer) -> MarfaError {
        let envelope = parse(answer)
        let code = envelope?.code ?? answer.header("x-error-code") ?? "http_\(answer.status)"
        let message = envelope?.message ?? "the instance answered \(answer.status)"
        switch answer.status {
        case 400 where code == "unknown_type": return .unknownType(message: message)
        case 400, 422: return .validation(code: code, message: message, details: envelope?.details)
        case 401: return .unauthorized(code: code, message: message)
        case 403: return .forbidden(code: code, message: message)
        case 404: return .notFound(code: code, message: message)
        case 429:
            return .rateLimited(code: code, message: message, retryAfterSeconds: answer.header("retry-after").flatMap {
                UInt64($0)
            })
        default:
            return .server(status: answer.status, code: code, message: message)
        }
    }
}
