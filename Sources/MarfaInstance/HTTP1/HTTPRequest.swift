/// One complete request as the handler sees it: method, decoded target, headers and the whole body.
package struct HTTPRequest: Sendable, Equatable {
    /// The method token exactly as sent, such as `GET`.
    package var method: String
    /// The request target exactly as sent on the request line, such as `/items?limit=2`.
    package var target: String
    /// The percent-decoded path of the target.
    package var path: String
    /// The target's query pairs, decoded, in order.
    package var queryItems: [HTTPQueryItem]
    /// The version from the request line.
    package var version: HTTPVersion
    /// The header fields in order, looked up without regard to case.
    package var headers: HTTPHeaders
    /// The body, de-chunked when it was sent with `Transfer-Encoding: chunked`; empty when there was none.
    package var body: [UInt8]

    /// Makes a request; the server builds these, tests and routers may too.
    package init(
        method: String, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) {
        let decoded = HTTPRequestTarget(Array(target.utf8))
        self.init(
            method: method, target: target, path: decoded?.path ?? target, queryItems: decoded?.queryItems ?? [],
            version: version, headers: headers, body: body)
    }

    /// Makes a request from already decoded parts.
    package init(
        method: String, target: String, path: String, queryItems: [HTTPQueryItem], version: HTTPVersion,
        headers: HTTPHeaders, body: [UInt8]
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.queryItems = queryItems
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The first decoded value of query parameter `name`, or nil when absent.
    package func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Whether the client lets the connection stay open after the answer: HTTP/1.1 unless it sent
    /// `Connection: close`, HTTP/1.0 only when it sent `Connection: keep-alive`.
    package var keepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }
}
