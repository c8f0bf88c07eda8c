import Glibc

/// A non-blocking TCP socket bound and listening on one numeric IPv4 or IPv6 address.
package final class ListeningSocket: Sendable {
    /// The listening descriptor; owned by this object until `close()`.
    package let descriptor: Int32
    /// The port actually bound, which differs from the requested one when port 0 asked for an ephemeral port.
    package let port: Int

    private init(descriptor: Int32, port: Int) {
        self.descriptor = descriptor
        self.port = port
    }

    /// Binds `host:port` with `SO_REUSEADDR` and starts listening. `host` is a numeric address
    /// (`127.0.0.1`, `::1`, `[::1]`, `0.0.0.0`) or `localhost`, which means `127.0.0.1`; port 0 picks a free port.
    package static func listen(host: String, port: Int, backlog: Int32) throws(SocketError) -> ListeningSocket {
        guard let address = SocketAddress(host: host, port: port) else { throw .invalidAddress(host) }
        let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .lastError("socket") }
        do throws(SocketError) {
            try setOption(descriptor, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            if address.family == AF_INET6 {
                try setOption(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 1, "setsockopt(IPV6_V6ONLY)")
            }
            try SystemCall.makeNonBlocking(descriptor)
            let bound = address.withSockaddr { pointer, length in
                SystemCall.retryingInterrupts { bind(descriptor, pointer, length) }
            }
            guard bound == 0 else { throw .lastError("bind \(host):\(port)") }
            guard SystemCall.retryingInterrupts({ Glibc.listen(descriptor, backlog) }) == 0 else {
                throw .lastError("listen")
            }
            return ListeningSocket(descriptor: descriptor, port: try boundPort(descriptor))
        } catch {
            SystemCall.close(descriptor)
            throw error
        }
    }

    /// Accepts one pending connection as a non-blocking socket with `TCP_NODELAY`, or returns nil when none is
    /// waiting (or the peer already left); other failures, such as running out of descriptors, throw.
    package func acceptConnection() throws(SocketError) -> ConnectedSocket? {
        let accepted = SystemCall.retryingInterrupts { accept(descriptor, nil, nil) }
        guard accepted >= 0 else {
            if SystemCall.lastErrorWouldBlock || errno == ECONNABORTED || errno == EPROTO { return nil }
            throw .lastError("accept")
        }
        do throws(SocketError) {
            try SystemCall.makeNonBlocking(accepted)
            try? Self.setOption(accepted, Int32(IPPROTO_TCP), TCP_NODELAY, 1, "setsockopt(TCP_NODELAY)")
            return ConnectedSocket(descriptor: accepted)
        } catch {
            SystemCall.close(accepted)
            throw error
        }
    }

    /// Stops listening and releases the descriptor; call once, after the accepting thread stopped using it.
    package func close() {
        SystemCall.close(descriptor)
    }

    private static func setOption(
        _ descriptor: Int32, _ level: Int32, _ name: Int32, _ value: Int32, _ operation: String
    ) throws(SocketError) {
        var value = value
        let result = setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        guard result == 0 else { throw .lastError(operation) }
    }

    private static func boundPort(_ descriptor: Int32) throws(SocketError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw .lastError("getsockname") }
        let family = Int32(storage.ss_family)
        return withUnsafePointer(to: &storage) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}
