import Foundation
import MarfaRules

/// The identity a store binds to (WC-1): scheme, host, port and path prefix; never the key.
package struct Origin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `http` or `https`.
    package var scheme: String
    /// The host name, lowercased.
    package var host: String
    /// The port, defaulted from the scheme when the URL names none.
    package var port: Int
    /// The path prefix without a trailing slash (empty for the root).
    package var pathPrefix: String

    /// Reads the origin of a server URL; a URL without a scheme or host throws `invalid`.
    package init(url: URL) throws(MarfaError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), let host = components.host?.lowercased(), !host.isEmpty
        else { throw MarfaError.invalid(message: "\(url.absoluteString) is not a server URL") }
        self.scheme = scheme
        self.host = host
        self.port = components.port ?? (scheme == "https" ? 443 : 80)
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        self.pathPrefix = path
    }

    /// The origin written as a URL (`http://127.0.0.1:8080/prefix`).
    package var description: String {
        "\(scheme)://\(host):\(port)\(pathPrefix)"
    }
}
