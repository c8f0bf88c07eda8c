/// What a handler answers: a status, headers, and either a whole body or an event stream.
package struct HTTPResponse: Sendable {
    /// The status line's code and phrase.
    package var status: HTTPStatus
    /// Headers the handler sets; the server adds `Date`, framing (`Content-Length` or chunked) and `Connection`.
    package var headers: HTTPHeaders
    /// The body, or the producer of a server-sent event stream.
    package var body: HTTPResponseBody

    /// Makes a response with a whole body.
    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = .bytes(body)
    }

    /// Makes a response with a `Content-Type: application/json` body of already encoded JSON.
    package static func json(_ status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8]) -> HTTPResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "application/json") }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// Makes a response with a `Content-Type: application/json` body from JSON text.
    package static func json(_ status: HTTPStatus = .ok, headers: HTTPHeaders = [:], text: String) -> HTTPResponse {
        json(status, headers: headers, body: Array(text.utf8))
    }

    /// Makes a `text/plain; charset=utf-8` response.
    package static func text(_ text: String, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var headers = headers
        if !headers.contains("Content-Type") { headers.add("Content-Type", "text/plain; charset=utf-8") }
        return HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
    }

    /// Makes a server-sent event stream answered with `Content-Type: text/event-stream` and
    /// `Cache-Control: no-cache` (unless `headers` sets them). `producer` runs while the connection stays open; the
    /// stream ends when it returns, when the client leaves (sends throw, its task is cancelled) or the server stops.
    package static func eventStream(
        _ status: HTTPStatus = .ok, headers: HTTPHeaders = [:],
        producer: @escaping @Sendable (SSEWriter) async -> Void
    ) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.body = .eventStream(producer)
        return response
    }

    /// No answer at all: the server closes the connection once the request is read, as a network fault would.
    package static var dropped: HTTPResponse {
        var response = HTTPResponse()
        response.body = .dropConnection
        return response
    }
}

/// A response body: bytes sent with `Content-Length`, or an event stream sent as it is produced.
package enum HTTPResponseBody: Sendable {
    /// The whole body, known before the answer starts.
    case bytes([UInt8])
    /// A server-sent event stream whose producer sends frames through the writer it is given.
    case eventStream(@Sendable (SSEWriter) async -> Void)
    /// Nothing is written: the connection is closed instead of answered.
    case dropConnection
}
