import Foundation
import Glibc
import MarfaInstance
import MarfaLocks
import MarfaSockets

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

/// Sends GETs on one keep-alive connection until `deadline`; returns how many complete answers came back.
func runClient(port: Int, until deadline: Date) -> Int {
    guard let descriptor = connectBlockingLoopback(port: port) else { return 0 }
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
