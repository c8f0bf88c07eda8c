import Foundation
import Glibc
import MarfaSockets

/// A blocking IPv4 loopback client socket, as the probe's hostile and keyed clients use it.
struct LoopbackSocket {
    let descriptor: Int32

    /// Connects to `127.0.0.1:port`, or returns nil.
    init?(port: Int) {
        guard let made = connectBlockingLoopback(port: port) else { return nil }
        descriptor = made
    }

    /// Sends every byte without raising SIGPIPE; false when the peer is gone.
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Sends what fits now without waiting; false when the peer is gone.
    func sendSome(_ bytes: [UInt8]) -> Bool {
        let sent = bytes.withUnsafeBytes {
            Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        return sent >= 0 || errno == EAGAIN || errno == EWOULDBLOCK
    }

    /// Reads what is there without waiting: nil when the peer closed, else the bytes (maybe none).
    func receiveAvailable() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 { return Array(buffer[0..<count]) }
        if count == 0 { return nil }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? [] : nil
    }

    /// Reads one whole answer with a `Content-Length` body (blocking, bounded by `timeoutMilliseconds` per wait);
    /// answers its status and body, or nil when the connection ended or stalled.
    func readAnswer(timeoutMilliseconds: Int32 = 10_000) -> (status: Int, body: [UInt8])? {
        var received: [UInt8] = []
        let separator = Array("\r\n\r\n".utf8)
        while true {
            if let headEnd = received.firstRange(of: separator) {
                let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let statusWords = lines.first?.split(separator: " ") ?? []
                guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
                let length =
                    lines.dropFirst().compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                if received.count - headEnd.upperBound >= length {
                    return (status, Array(received[headEnd.upperBound..<(headEnd.upperBound + length)]))
                }
            }
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&ready, 1, timeoutMilliseconds) > 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received.append(contentsOf: buffer[0..<count])
        }
    }

    /// Releases the descriptor.
    func close() {
        Glibc.close(descriptor)
    }
}
