import Foundation
import Marfa
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests straight to the reference instance (never through the proxy) with the operator key: the second
/// writer's edits, the hooks, and the checker's reads.
struct InstanceLink: Sendable {
    /// The instance's loopback origin.
    let url: URL
    /// The operator key.
    let key: String

    /// One answer: status and JSON body.
    struct Answer: Sendable {
        var status: Int
        var body: JSONValue
    }

    /// Sends one request, bounded by `seconds`; nil when no answer came (a dropped connection, a timeout).
    func send(
        _ method: String, _ path: String, body: JSONValue? = nil, idempotencyKey: String? = nil, seconds: Double = 15
    ) async -> Answer? {
        guard let target = URL(string: url.absoluteString + path) else { return nil }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.timeoutInterval = seconds
        request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        if let body, let text = try? body.json() {
            request.httpBody = Data(text.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let idempotencyKey { request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            let status = (response as? HTTPURLResponse)?.statusCode
        else { return nil }
        let json = data.isEmpty ? JSONValue.null : ((try? JSONValue(jsonBytes: Array(data))) ?? .null)
        return Answer(status: status, body: json)
    }

    /// Sends a write until an answer other than 503, 429 or none comes, at most `attempts` times, under the same
    /// idempotency key; the armed faults hit the second writer too.
    func write(_ method: String, _ path: String, body: JSONValue?, key idempotencyKey: String, attempts: Int = 8)
        async -> Answer?
    {
        for _ in 0..<attempts {
            let answer = await send(method, path, body: body, idempotencyKey: idempotencyKey)
            if let answer, answer.status != 503, answer.status != 429 { return answer }
        }
        return nil
    }

    /// Reads `path` until an answer other than 503, 429 or none comes, at most `attempts` times.
    func read(_ path: String, attempts: Int = 8) async -> Answer? {
        for _ in 0..<attempts {
            let answer = await send("GET", path)
            if let answer, answer.status != 503, answer.status != 429 { return answer }
        }
        return nil
    }

    /// Calls a `/__reference/` hook; hooks never draw from an armed fault.
    @discardableResult
    func hook(_ name: String, _ body: JSONValue) async -> Answer? {
        await send("POST", "/__reference/\(name)", body: body)
    }

    /// Every row a listing answers, every page (`path` carries its query, without a cursor); each page is asked
    /// again, a bounded number of times, while the armed faults answer it.
    func listing(_ path: String) async -> [JSONValue]? {
        var rows: [JSONValue] = []
        var cursor: String?
        for _ in 0..<10_000 {
            var page = path
            if let cursor { page += "&cursor=\(cursor)" }
            guard let answer = await read(page), answer.status == 200 else { return nil }
            rows += answer.body.object?["data"]?.array ?? []
            cursor = answer.body.object?["next_cursor"]?.string
            if cursor == nil { return rows }
        }
        return nil
    }
}
