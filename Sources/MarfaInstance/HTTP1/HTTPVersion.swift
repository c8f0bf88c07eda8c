/// The protocol version of a request line; the server speaks HTTP/1.0 and HTTP/1.1.
package struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    /// The number before the dot.
    package var major: Int
    /// The number after the dot.
    package var minor: Int

    /// Makes a version from its two numbers.
    package init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// HTTP/1.0, where connections close after one answer unless the client asks for keep-alive.
    package static let http1_0 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1, where connections stay open unless a side says `Connection: close`.
    package static let http1_1 = HTTPVersion(major: 1, minor: 1)

    /// The version as written on the wire, such as `HTTP/1.1`.
    package var description: String { "HTTP/\(major).\(minor)" }
}
