import Foundation
import Glibc
import MarfaInstance
import MarfaLocks

/// Measures requests per second of a trivial GET against an in-process `HTTPServer` on loopback, with N keep-alive
/// clients on their own threads. Usage: `http-probe [clients=16] [seconds=5]`. Client and server share the machine,
/// so the figure is a lower bound of what the server alone could answer.
let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let clientCount = arguments.first ?? 16
let seconds = arguments.dropFirst().first ?? 5

let server = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
do {
    try server.start { _ in .text("ok") }
} catch {
    print("http-probe: cannot start the server: \(error)")
    exit(1)
}

/// Connects a blocking IPv4 loopback socket, or returns nil.
func connectLoopback(port: Int) -> Int32? {
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

/// Sends GETs on one keep-alive connection until `deadline`; returns how many complete answers came back.
func runClient(port: Int, until deadline: Date) -> Int {
    guard let descriptor = connectLoopback(port: port) else { return 0 }
    defer { close(descriptor) }
    let request = Array("GET /probe HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    let expectedBody = Array("ok".utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var completed = 0
    while Date() < deadline {
        guard
            request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == request.count
        else { return completed }
        var received = 0
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress.map { $0 + received }, $0.count - received, 0)
            }
            guard count > 0 else { return completed }
            received += count
            if received >= expectedBody.count,
                Array(buffer[(received - expectedBody.count)..<received]) == expectedBody,
                buffer[0..<received].firstRange(of: Array("\r\n\r\n".utf8)) != nil
            {
                break
            }
        }
        completed += 1
    }
    return completed
}

let port = server.port
let total = LockedValue(0)
let finished = DispatchGroup()
let deadline = Date(timeIntervalSinceNow: TimeInterval(seconds))
let started = Date()
for _ in 0..<clientCount {
    finished.enter()
    Thread {
        let count = runClient(port: port, until: deadline)
        total.withLock { $0 += count }
        finished.leave()
    }.start()
}
finished.wait()
let elapsed = Date().timeIntervalSince(started)
let requests = total.withLock { $0 }
print(
    "http-probe: \(requests) requests with \(clientCount) keep-alive clients in "
        + String(format: "%.2f s: %.0f requests/s", elapsed, Double(requests) / elapsed))
let stopped = DispatchSemaphore(value: 0)
Task.detached {
    await server.stop()
    stopped.signal()
}
stopped.wait()
