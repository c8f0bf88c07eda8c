import Glibc

/// A blocking IPv4 client socket connected to `127.0.0.1:port` with `TCP_NODELAY`, for the probes that drive the
/// reference instance from the same machine; answers its descriptor, which the caller closes, or nil when the
/// connect fails. The SDK's own connects are non-blocking and bounded (`ConnectedSocket.connect`).
package func connectBlockingLoopback(port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(descriptor)
        return nil
    }
    var noDelay: Int32 = 1
    setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
    return descriptor
}
