import Foundation
import MarfaRules

/// The handler the HTTP server runs for every request: test hooks, armed faults, authentication (P-3), the door
/// table, and the headers every answer carries (P-5, P-11).
package struct InstanceRouter: Sendable {
    /// The contract number the instance speaks (P-98a).
    package static let contract = 3
    /// The instance.
    package let core: InstanceCore

    /// Makes a router for `core`.
    package init(core: InstanceCore) {
        self.core = core
    }

    /// Answers one request.
    package func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let requestId = Self.requestId(of: request)
        let segments = request.path.split(separator: "/").map(String.init)
        if segments.first == HookDoors.root {
            return finish(await HookDoors.answer(request, segments: segments, core: core), requestId: requestId)
        }
        var withContract = true
        switch core.faults.take() {
        case .drop?:
            return .dropped
        case .status(let status, let retryAfter)?:
            return finish(.reply(Self.faultReply(status, retryAfter: retryAfter)), requestId: requestId)
        case .omitContract?:
            withContract = false
        case nil:
            break
        }
        let answer = await route(request, segments: segments)
        return finish(answer, requestId: requestId, withContract: withContract)
    }

    /// Looks at the head of a request whose body follows, before a body byte is read (P-3: authentication comes
    /// before anything else): without a valid key, where one is needed, answers `401 unauthorized`, which the
    /// server sends and then closes the connection; nil lets the body be read. Holds no lock but the key table's.
    package func refusalBeforeBody(_ head: HTTPRequest) -> HTTPResponse? {
        let segments = head.path.split(separator: "/").map(String.init)
        guard Self.needsKey(method: head.method, segments: segments), key(of: head) == nil else { return nil }
        return finish(.reply(Self.unauthorized.reply), requestId: Self.requestId(of: head))
    }

    private func route(_ request: HTTPRequest, segments: [String]) async -> DoorAnswer {
        if request.method == "GET", segments.isEmpty { return .reply(IdentityDoors.root(core)) }
        if request.method == "GET", segments == ["health"] { return .reply(.ok(["status": "ok"])) }
        guard let key = key(of: request) else { return .reply(Self.unauthorized.reply) }
        let door = DoorRequest(
            http: request, segments: segments, access: Access(key: key, catalog: core.catalog), core: core)
        guard let handler = DoorTable.door(method: request.method, segments: segments) else {
            return .reply(Refusal(404, "not_found", "No such path.").reply)
        }
        return await handler(door)
    }

    /// Adds the contract header (unless a fault omits it), the request id, the error code, and turns a reply
    /// into HTTP.
    func finish(_ answer: DoorAnswer, requestId: String, withContract: Bool = true) -> HTTPResponse {
        var response: HTTPResponse
        switch answer {
        case .stream(let stream):
            response = stream
        case .written(let body):
            response = .json(.ok, body: body)
        case .reply(let reply):
            let body =
                (try? reply.body.jsonBytes())
                ?? Array(#"{"error":{"code":"internal_error","message":"Internal server error"}}"#.utf8)
            response = .json(HTTPStatus(code: reply.status), body: body)
            if let code = reply.errorCode { response.headers.add("X-Error-Code", code) }
            for (name, value) in reply.headers { response.headers.add(name, value) }
        }
        if withContract { response.headers["X-Marfa-Contract"] = String(Self.contract) }
        response.headers["X-Request-ID"] = requestId
        return response
    }

    private static func faultReply(_ status: Int, retryAfter: Int?) -> Reply {
        let refusal =
            status == 429
            ? Refusal(429, "rate_limited", "Too many requests; retry later.")
            : Refusal(status, "write_contention", "The instance is busy; nothing was written. Retry later.")
        var reply = refusal.reply
        if let retryAfter { reply.headers.append(("Retry-After", String(retryAfter))) }
        return reply
    }

    /// `401 unauthorized`: no key, or one the instance does not know (P-3). The connection ends with the answer, so
    /// a client without a key holds no socket past it.
    static let unauthorized = Refusal(
        401, "unauthorized", "A valid API key is required.", headers: [("Connection", "close")])

    /// Whether a request needs a key: all but `GET /` and `GET /health` (P-3).
    private static func needsKey(method: String, segments: [String]) -> Bool {
        !(method == "GET" && (segments.isEmpty || segments == ["health"]))
    }

    /// The key the request's bearer secret names, or nil when it names none.
    func key(of request: HTTPRequest) -> AccessKey? {
        Self.bearer(of: request).flatMap(core.key(forSecret:))
    }

    /// The bearer secret of `Authorization: Bearer <secret>`, or nil.
    private static func bearer(of request: HTTPRequest) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The caller's `X-Request-ID` when it is `[A-Za-z0-9_-]{1,128}`, else a fresh id (P-11).
    private static func requestId(of request: HTTPRequest) -> String {
        if let sent = request.headers["X-Request-ID"], (1...128).contains(sent.utf8.count),
            sent.utf8.allSatisfy({ byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == 0x5F || byte == 0x2D
            })
        {
            return sent
        }
        var generator = SystemRandomNumberGenerator()
        return "req_" + String(generator.next() as UInt64, radix: 36) + String(generator.next() as UInt64, radix: 36)
    }
}
