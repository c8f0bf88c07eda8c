import Foundation
import Glibc
import MarfaInstance
import MarfaRules
import MarfaTestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An answer as a test reads it: status, headers by lowercase name, the body, and the body as JSON when it is.
struct Answer {
    var status: Int
    var headers: [String: String]
    var body: Data

    var json: JSONValue { (try? JSONValue(jsonBytes: Array(body))) ?? .null }
    var object: JSONObject { json.object ?? [:] }
    var errorCode: String? { object["error"]?.object?["code"]?.string }
    var details: JSONObject { object["error"]?.object?["details"]?.object ?? [:] }
    var item: JSONObject { object["item"]?.object ?? [:] }
    var data: [JSONValue] { object["data"]?.array ?? [] }
    var nextCursor: String? { object["next_cursor"]?.string }

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A reference instance running on an ephemeral loopback port for one test, with a URLSession client.
final class InstanceHarness: @unchecked Sendable {
    let instance: ReferenceInstance
    let folder: String
    let port: Int
    let key: String
    let session: URLSession

    private init(instance: ReferenceInstance, folder: String, port: Int, key: String) {
        self.instance = instance
        self.folder = folder
        self.port = port
        self.key = key
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// Starts an instance on `folder` (a fresh temporary one when nil).
    static func start(
        folder: String? = nil, key: String? = nil, configure: (inout ReferenceInstanceConfiguration) -> Void = { _ in }
    ) async throws -> InstanceHarness {
        let path = folder ?? InstanceHarness.freshFolder()
        var configuration = ReferenceInstanceConfiguration(dataDirectory: path, operatorKey: key)
        configuration.shutdownGracePeriod = .seconds(2)
        configure(&configuration)
        let instance = ReferenceInstance(configuration: configuration)
        let port = try await instance.start()
        return InstanceHarness(instance: instance, folder: path, port: port, key: try XCTUnwrap(instance.operatorKey))
    }

    /// A new folder path under the temporary directory, not yet created.
    static func freshFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("instance-test-\(UUID().uuidString)").path
    }

    /// Stops the instance (the folder stays for a restart).
    func stop() async {
        await instance.stop()
    }

    /// Stops the instance and removes its folder.
    func finish() async {
        await instance.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Sends one request; `target` is the path with its query, percent-encoded.
    @discardableResult
    func send(
        _ method: String, _ target: String, body: JSONValue? = nil, rawBody: Data? = nil,
        contentType: String? = "application/json", key: String?? = .some(nil), headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)\(target)")))
        request.httpMethod = method
        switch key {
        case .some(.some(let given)): request.setValue("Bearer \(given)", forHTTPHeaderField: "Authorization")
        case .some(.none): request.setValue("Bearer \(self.key)", forHTTPHeaderField: "Authorization")
        case .none: break
        }
        if let body {
            request.httpBody = Data(try body.jsonBytes())
        } else if let rawBody {
            request.httpBody = rawBody
        }
        if request.httpBody != nil, let contentType {
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        var lowered: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            lowered[String(describing: name).lowercased()] = String(describing: value)
        }
        return Answer(status: http.statusCode, headers: lowered, body: data)
    }

    /// Creates a note and answers its item object.
    func note(_ title: String, body text: String = "", extra: JSONObject = [:]) async throws -> JSONObject {
        var properties: JSONObject = ["title": .string(title), "body": .string(text)]
        properties.merge(extra) { _, new in new }
        let answer = try await send("POST", "/items", body: ["type": "core.note", "properties": .object(properties)])
        XCTAssertEqual(answer.status, 201, String(decoding: answer.body, as: UTF8.self))
        return answer.item
    }

    /// The log head read the way a copy reads it: `stream_cursor` of a stream opened without a cursor.
    func head() throws -> Int64 {
        let stream = try EventStreamClient(port: port, key: key)
        defer { stream.close() }
        let first = try stream.next()
        XCTAssertEqual(first.event, "stream_cursor")
        return Int64(first.json["cursor"]?.string ?? "") ?? -1
    }
}

/// One server-sent event frame as the test client reads it.
struct Frame: Equatable {
    var event: String?
    var id: String?
    var data: String

    var json: JSONObject { (try? JSONValue(json: data))?.object ?? [:] }
}

/// A raw socket `GET /events` client: de-chunks the body and splits it into frames and comment lines.
final class EventStreamClient: @unchecked Sendable {
    private let descriptor: Int32
    private var isClosed = false
    private(set) var status = 0
    private(set) var headText = ""
    private var received: [UInt8] = []
    private var bodyStart: Int?
    private var chunkOffset = 0
    private var dechunked: [UInt8] = []
    private var consumed = 0
    private var pending: [Frame] = []
    private(set) var comments: [String] = []
    private(set) var ended = false

    /// Opens a stream with `lastEventId` and extra query text, and reads the answer's head.
    init(port: Int, key: String, lastEventId: String? = nil, query: String = "") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawClientError.system("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw RawClientError.system("connect", errno)
        }
        var request = "GET /events\(query) HTTP/1.1\r\nHost: t\r\nAccept: text/event-stream\r\n"
        request += "Authorization: Bearer \(key)\r\n"
        if let lastEventId { request += "Last-Event-ID: \(lastEventId)\r\n" }
        let bytes = Array((request + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = Date(timeIntervalSinceNow: 10)
        let separator = Array("\r\n\r\n".utf8)
        while received.firstRange(of: separator) == nil {
            guard !ended else { throw RawClientError.closedEarly("head") }
            guard Date() < deadline else { throw RawClientError.timedOut("head") }
            pull(until: deadline)
        }
        guard let end = received.firstRange(of: separator) else { throw RawClientError.malformed("head") }
        headText = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        status = Int(headText.split(separator: " ").dropFirst().first ?? "") ?? 0
        bodyStart = end.upperBound
        chunkOffset = end.upperBound
        ended = false
        dechunk()
    }

    deinit { close() }

    /// Closes the connection; later calls do nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// The next frame, waiting up to `seconds`.
    func next(within seconds: TimeInterval = 10) throws -> Frame {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            parse()
            if !pending.isEmpty { return pending.removeFirst() }
            if ended { throw RawClientError.closedEarly("frame") }
            guard Date() < deadline else { throw RawClientError.timedOut("frame") }
            pull(until: deadline)
        }
    }

    /// Frames until one named `event` (included).
    func frames(through event: String, within seconds: TimeInterval = 10) throws -> [Frame] {
        var frames: [Frame] = []
        while true {
            let frame = try next(within: seconds)
            frames.append(frame)
            if frame.event == event { return frames }
        }
    }

    /// Whether the server ended the stream (last chunk or close) within `seconds`; frames read meanwhile are kept.
    func waitForEnd(within seconds: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !ended, Date() < deadline { pull(until: deadline) }
        parse()
        return ended
    }

    /// Waits until `count` comment lines equal to `text` arrived.
    func waitForComments(_ text: String, count: Int, within seconds: TimeInterval = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while comments.filter({ $0 == text }).count < count, !ended, Date() < deadline {
            pull(until: deadline)
            parse()
        }
        return comments.filter { $0 == text }.count >= count
    }

    private func pull(until deadline: Date) {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        let remaining = max(0, deadline.timeIntervalSinceNow)
        guard poll(&descriptors, 1, Int32(min(remaining, 0.2) * 1000) + 1) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        if count > 0 {
            received.append(contentsOf: chunk[0..<count])
            if bodyStart != nil { dechunk() }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            ended = true
        }
    }

    private func dechunk() {
        let crlf = Array("\r\n".utf8)
        while chunkOffset < received.count {
            let rest = received[chunkOffset...]
            guard let line = rest.firstRange(of: crlf),
                let size = Int(String(decoding: rest[rest.startIndex..<line.lowerBound], as: UTF8.self), radix: 16)
            else { return }
            if size == 0 {
                ended = true
                return
            }
            let start = line.upperBound
            guard received.count >= start + size + 2 else { return }
            dechunked += received[start..<(start + size)]
            chunkOffset = start + size + 2
        }
    }

    private func parse() {
        let separator = Array("\n\n".utf8)
        while consumed < dechunked.count, let range = dechunked[consumed...].firstRange(of: separator) {
            let block = String(decoding: dechunked[consumed..<range.lowerBound], as: UTF8.self)
            consumed = range.upperBound
            var frame = Frame(event: nil, id: nil, data: "")
            var dataLines: [String] = []
            var isComment = true
            for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix(":") {
                    comments.append(String(line.dropFirst()))
                    continue
                }
                isComment = false
                if line.hasPrefix("event: ") { frame.event = String(line.dropFirst(7)) }
                if line.hasPrefix("id: ") { frame.id = String(line.dropFirst(4)) }
                if line.hasPrefix("data: ") { dataLines.append(String(line.dropFirst(6))) }
            }
            frame.data = dataLines.joined(separator: "\n")
            if !isComment { pending.append(frame) }
        }
    }
}

