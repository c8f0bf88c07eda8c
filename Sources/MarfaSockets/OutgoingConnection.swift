import Glibc

extension ConnectedSocket {
    /// Connects to `host` (a name or a numeric address) on `port`, trying each address the resolver gives in turn,
    /// and answers a non-blocking connected socket; throws the last failure, or `timedOut` once `deadline` passes.
    package static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) throws(SocketError) -> ConnectedSocket {
        SystemCall.ignoreBrokenPipeSignal()
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &found) == 0, let first = found else {
            throw .invalidAddress(host)
        }
        defer { freeaddrinfo(first) }
        var failure = SocketError.invalidAddress(host)
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            do {
                return try connect(to: address.pointee, deadline: deadline)
            } catch {
                failure = error
            }
        }
        throw failure
    }

    private static func connect(to address: addrinfo, deadline: ContinuousClock.Instant) throws(SocketError) -> ConnectedSocket {
        let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard descriptor >= 0 else { throw .lastError("socket") }
        let socket = ConnectedSocket(descriptor: descriptor)
        do throws(SocketError) {
            try SystemCall.makeNonBlocking(descriptor)
            if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
                guard errno == EINPROGRESS || errno == EINTR else { throw SocketError.lastError("connect") }
                var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
                guard try pollDescriptors(&descriptors, until: deadline) > 0 else { throw SocketError.timedOut(operation: "connect") }
                var status: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &status, &length) == 0 else {
                    throw SocketError.lastError("getsockopt")
                }
                guard status == 0 else { throw SocketError.system(operation: "connect", errno: status) }
            }
            return socket
        } catch {
            socket.close()
            throw error
        }
    }
}
