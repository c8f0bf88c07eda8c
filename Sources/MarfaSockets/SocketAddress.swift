import Glibc

/// A numeric IPv4 or IPv6 address and port in the form `bind` takes.
struct SocketAddress {
    private enum Storage {
        case ipv4(sockaddr_in)
        case ipv6(sockaddr_in6)
    }

    private let storage: Storage

    /// Parses a numeric host (brackets allowed around IPv6; `localhost` means `127.0.0.1`), or nil when it is not one
    /// or the port is outside 0...65535.
    init?(host: String, port: Int) {
        guard let port = UInt16(exactly: port) else { return nil }
        var name = host == "localhost" ? "127.0.0.1" : host
        if name.hasPrefix("["), name.hasSuffix("]") {
            name = String(name.dropFirst().dropLast())
        }
        var ipv4 = sockaddr_in()
        if inet_pton(AF_INET, name, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = port.bigEndian
            storage = .ipv4(ipv4)
            return
        }
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET6, name, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = port.bigEndian
            storage = .ipv6(ipv6)
            return
        }
        return nil
    }

    /// The address family, `AF_INET` or `AF_INET6`.
    var family: Int32 {
        switch storage {
        case .ipv4: return AF_INET
        case .ipv6: return AF_INET6
        }
    }

    /// Calls `body` with a `sockaddr` pointer to this address and its length.
    func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        switch storage {
        case .ipv4(var address):
            return withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .ipv6(var address):
            return withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
    }
}
