import Foundation

/// An HTTP/1.1 `GET` as our own client sends it over plain HTTP, with `Connection: close`, and where to connect.
struct PlainGetRequest: Sendable {
    /// The host to connect to.
    let host: String
    /// The port to connect to (80 when the URL names none).
    let port: Int
    /// The request line, the headers and the blank line.
    let bytes: [UInt8]

    /// The request for `url` with `headers`; a URL with no host throws `invalid`.
    init(url: URL, headers: [(name: String, value: String)]) throws(MarfaError) {
        guard let host = url.host, !host.isEmpty else { throw MarfaError.invalid(message: "\(url) names no host") }
        let port = url.port ?? 80
        var target = url.path.isEmpty ? "/" : url.path
        if let query = url.query { target += "?" + query }
        var request = "GET \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for header in headers { request += "\(header.name): \(header.value)\r\n" }
        request += "\r\n"
        self.host = host
        self.port = port
        bytes = Array(request.utf8)
    }
}
