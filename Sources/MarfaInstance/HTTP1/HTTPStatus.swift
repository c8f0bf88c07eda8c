/// A response status: its code and the reason phrase written after it on the status line.
package struct HTTPStatus: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The three-digit code.
    package var code: Int
    /// The phrase after the code, such as `Not Found`.
    package var reasonPhrase: String

    /// Makes a status from a code, with the standard phrase when none is given.
    package init(code: Int, reasonPhrase: String? = nil) {
        self.code = code
        self.reasonPhrase = reasonPhrase ?? Self.standardPhrases[code] ?? "Status \(code)"
    }

    /// Whether an answer with this status carries no body and no `Content-Length` (1xx, 204, 304).
    package var forbidsBody: Bool {
        (100..<200).contains(code) || code == 204 || code == 304
    }

    /// The status as it appears on the status line, such as `404 Not Found`.
    package var description: String { "\(code) \(reasonPhrase)" }

    /// 200 OK.
    package static let ok = HTTPStatus(code: 200)
    /// 201 Created.
    package static let created = HTTPStatus(code: 201)
    /// 204 No Content.
    package static let noContent = HTTPStatus(code: 204)
    /// 400 Bad Request.
    package static let badRequest = HTTPStatus(code: 400)
    /// 404 Not Found.
    package static let notFound = HTTPStatus(code: 404)
    /// 408 Request Timeout.
    package static let requestTimeout = HTTPStatus(code: 408)
    /// 413 Content Too Large.
    package static let contentTooLarge = HTTPStatus(code: 413)
    /// 414 URI Too Long.
    package static let uriTooLong = HTTPStatus(code: 414)
    /// 431 Request Header Fields Too Large.
    package static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    /// 500 Internal Server Error.
    package static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented.
    package static let notImplemented = HTTPStatus(code: 501)
    /// 503 Service Unavailable.
    package static let serviceUnavailable = HTTPStatus(code: 503)
    /// 505 HTTP Version Not Supported.
    package static let httpVersionNotSupported = HTTPStatus(code: 505)

    private static let standardPhrases: [Int: String] = [
        100: "Continue", 101: "Switching Protocols",
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone", 411: "Length Required",
        412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type",
        416: "Range Not Satisfiable", 422: "Unprocessable Content", 425: "Too Early", 428: "Precondition Required",
        429: "Too Many Requests", 431: "Request Header Fields Too Large",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout", 505: "HTTP Version Not Supported", 507: "Insufficient Storage",
    ]
}
