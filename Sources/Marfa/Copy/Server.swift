import Foundation

/// The instance a copy talks to: its URL and the key that opens it. Printing a server shows only the URL.
public struct Server: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The instance's URL, which may carry a path prefix.
    public var url: URL
    /// The key, kept in memory only; it is never written to the store or a log.
    public var key: String

    /// Makes a server from its URL and key.
    public init(url: URL, key: String) {
        self.url = url
        self.key = key
    }

    /// The server named by `MARFA_API_URL` and `MARFA_API_KEY`, nil when neither is set; throws `invalid` when one is.
    public static func fromEnvironment() throws -> Server? {
        let environment = ProcessInfo.processInfo.environment
        switch (environment["MARFA_API_URL"], environment["MARFA_API_KEY"]) {
        case (nil, nil): return nil
        case (let url?, let key?):
            guard let parsed = URL(string: url) else { throw MarfaError.invalid(message: "MARFA_API_URL is not a URL") }
            return Server(url: parsed, key: key)
        default:
            throw MarfaError.invalid(message: "set both MARFA_API_URL and MARFA_API_KEY, or neither")
        }
    }

    /// The URL alone.
    public var description: String { url.absoluteString }

    /// A mirror that shows the URL alone, so the key never reaches a dump or a log.
    public var customMirror: Mirror { Mirror(self, children: ["url": url]) }
}
