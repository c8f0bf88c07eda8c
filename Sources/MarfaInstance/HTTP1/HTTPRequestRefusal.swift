/// Why the server answers a request itself, before or instead of the handler, and then closes the connection.
package enum HTTPRequestRefusal: Error, Sendable, Equatable {
    /// A malformed request line, header, target, length or chunk: 400.
    case malformed(String)
    /// The request line alone is longer than the head limit: 414.
    case requestLineTooLong
    /// Request line plus headers exceed the head limit: 431.
    case headersTooLarge
    /// More header fields than allowed: 431.
    case tooManyHeaders
    /// The body, declared or de-chunked, exceeds the body limit: 413.
    case bodyTooLarge
    /// The request did not arrive whole within the read timeout: 408.
    case timedOut
    /// A well-formed version other than HTTP/1.0 or HTTP/1.1: 505.
    case versionNotSupported
    /// A transfer coding other than `chunked` alone: 501.
    case transferCodingNotImplemented(String)
    /// The server already holds its maximum of connections: 503.
    case overCapacity

    /// The status the refusal is answered with.
    package var status: HTTPStatus {
        switch self {
        case .malformed: return .badRequest
        case .requestLineTooLong: return .uriTooLong
        case .headersTooLarge, .tooManyHeaders: return .requestHeaderFieldsTooLarge
        case .bodyTooLarge: return .contentTooLarge
        case .timedOut: return .requestTimeout
        case .versionNotSupported: return .httpVersionNotSupported
        case .transferCodingNotImplemented: return .notImplemented
        case .overCapacity: return .serviceUnavailable
        }
    }

    /// The snake_case code put in the JSON error body and the `X-Error-Code` header.
    package var code: String {
        switch self {
        case .malformed: return "bad_request"
        case .requestLineTooLong: return "uri_too_long"
        case .headersTooLarge, .tooManyHeaders: return "headers_too_large"
        case .bodyTooLarge: return "request_too_large"
        case .timedOut: return "request_timeout"
        case .versionNotSupported: return "http_version_not_supported"
        case .transferCodingNotImplemented: return "not_implemented"
        case .overCapacity: return "server_busy"
        }
    }

    /// A sentence for people, put in the JSON error body.
    package var message: String {
        switch self {
        case .malformed(let detail): return "Malformed request: \(detail)."
        case .requestLineTooLong: return "The request line is too long."
        case .headersTooLarge: return "The request headers are too large."
        case .tooManyHeaders: return "The request has too many header fields."
        case .bodyTooLarge: return "The request body is too large."
        case .timedOut: return "The request did not arrive in time."
        case .versionNotSupported: return "Only HTTP/1.0 and HTTP/1.1 are supported."
        case .transferCodingNotImplemented(let coding): return "Transfer coding '\(coding)' is not supported."
        case .overCapacity: return "The server holds too many connections; retry shortly."
        }
    }

    /// The answer: `{"error":{"code":…,"message":…}}` with `X-Error-Code` and `Connection: close`
    /// (plus `Retry-After: 1` for 503).
    package var response: HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "application/json", "X-Error-Code": code, "Connection": "close"]
        if self == .overCapacity { headers.add("Retry-After", "1") }
        let body = #"{"error":{"code":"\#(code)","message":"\#(jsonEscaped(message))"}}"#
        return HTTPResponse(status: status, headers: headers, body: Array(body.utf8))
    }

    private func jsonEscaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
