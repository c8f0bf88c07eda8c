/// How the end of a response body is marked on the wire.
package enum HTTPBodyFraming: Sendable, Equatable {
    /// A `Content-Length` header with this many bytes.
    case contentLength(Int)
    /// `Transfer-Encoding: chunked`, for streams to HTTP/1.1 clients.
    case chunked
    /// No length: the body ends when the server closes (streams to HTTP/1.0 clients).
    case untilClose
    /// No body and no length header (1xx, 204, 304).
    case none
}

/// Serializes status line and headers of an answer: the handler's headers, the configured defaults, `Date`,
/// framing and `Connection`, with any framing or `Connection` header the handler set replaced by the server's.
package enum HTTPResponseHead {
    /// The bytes of the status line and headers, ending with the blank line.
    package static func encode(
        status: HTTPStatus, headers: HTTPHeaders, defaultHeaders: HTTPHeaders, framing: HTTPBodyFraming,
        keepAlive: Bool, clientVersion: HTTPVersion
    ) -> [UInt8] {
        var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for field in headers where !isServerOwned(field.name) {
            text += headerLine(field)
        }
        for field in defaultHeaders where !headers.contains(field.name) && !isServerOwned(field.name) {
            text += headerLine(field)
        }
        if !headers.contains("Date") {
            text += "Date: \(HTTPDate.now())\r\n"
        }
        switch framing {
        case .contentLength(let length): text += "Content-Length: \(length)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .untilClose, .none: break
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if clientVersion == .http1_0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// One chunk of a chunked body: size in hex, CRLF, the bytes, CRLF. Empty input gives no bytes, since an
    /// empty chunk would end the body.
    package static func chunk(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        var framed = Array(String(bytes.count, radix: 16).utf8)
        framed.reserveCapacity(framed.count + bytes.count + 4)
        framed.append(contentsOf: [.carriageReturn, .lineFeed])
        framed.append(contentsOf: bytes)
        framed.append(contentsOf: [.carriageReturn, .lineFeed])
        return framed
    }

    /// The zero-size chunk and empty trailer that end a chunked body.
    package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    private static func headerLine(_ field: HTTPHeaderField) -> String {
        "\(singleLine(field.name)): \(singleLine(field.value))\r\n"
    }

    private static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
    }

    private static func isServerOwned(_ name: String) -> Bool {
        name.equalsIgnoringASCIICase("Content-Length") || name.equalsIgnoringASCIICase("Transfer-Encoding")
            || name.equalsIgnoringASCIICase("Connection")
    }
}
