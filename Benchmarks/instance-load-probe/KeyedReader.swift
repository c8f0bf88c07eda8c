import Foundation

/// The keyed client whose reads the probe times: it creates one note, then reads it with `GET /items/{id}`.
struct KeyedReader {
    let instance: ServedInstance
    let itemID: String

    /// Creates the note the reads fetch.
    init(instance: ServedInstance) throws {
        self.instance = instance
        let body = #"{"type":"core.note","properties":{"title":"read under load","body":""}}"#
        guard let socket = LoopbackSocket(port: instance.port) else { throw ProbeFailure("cannot connect") }
        defer { socket.close() }
        let request =
            "POST /items HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(instance.key)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        guard socket.send(Array(request.utf8)), let answer = socket.readAnswer(), answer.status == 201,
            let object = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any],
            let item = object["item"] as? [String: Any], let id = item["id"] as? String
        else { throw ProbeFailure("the keyed create was not answered 201") }
        itemID = id
    }

    /// Times `requests` keyed reads on one keep-alive connection, then a quarter as many on a new connection each,
    /// and prints p50, p99 and max in milliseconds with how many were not answered 200.
    func measure(_ label: String, requests: Int) {
        let request = Array(
            "GET /items/\(itemID) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(instance.key)\r\n\r\n".utf8)
        var kept: [Double] = []
        var keptFailures = 0
        var socket = LoopbackSocket(port: instance.port)
        for _ in 0..<requests {
            let started = DispatchTime.now()
            if let open = socket, open.send(request), let answer = open.readAnswer(), answer.status == 200 {
                kept.append(Self.milliseconds(since: started))
            } else {
                keptFailures += 1
                socket?.close()
                socket = LoopbackSocket(port: instance.port)
            }
        }
        socket?.close()
        var fresh: [Double] = []
        var freshFailures = 0
        for _ in 0..<max(1, requests / 4) {
            let started = DispatchTime.now()
            let answer = LoopbackSocket(port: instance.port).flatMap { socket in
                defer { socket.close() }
                return socket.send(request) ? socket.readAnswer() : nil
            }
            if answer?.status == 200 {
                fresh.append(Self.milliseconds(since: started))
            } else {
                freshFailures += 1
            }
        }
        print("  \(label), keep-alive: \(Self.summary(kept)), \(keptFailures) not 200")
        print("  \(label), new connection each: \(Self.summary(fresh)), \(freshFailures) not 200")
    }

    private static func milliseconds(since started: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000
    }

    private static func summary(_ samples: [Double]) -> String {
        guard !samples.isEmpty else { return "no answers" }
        let sorted = samples.sorted()
        func percentile(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
        }
        return String(
            format: "%d reads, p50 %.2f ms, p99 %.2f ms, max %.2f ms", sorted.count, percentile(0.5),
            percentile(0.99), sorted[sorted.count - 1])
    }
}
