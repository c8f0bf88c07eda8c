import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests to the instance over HTTP: the bearer key, the contract check, JSON bodies, idempotency keys. Plain
/// `http://` instances are asked through our own HTTP/1.1 client (`SocketRequest`), `https://` ones through
/// URLSession (Decisions 0012, 0096).
package struct InstanceClient: Sendable {
    /// The instance and the key; the key goes only into the Authorization header.
    package let server: Server
    /// How long one request may take.
    package var timeout: TimeInterval = 30

    /// Makes a client; its requests go through the shared session that never follows a redirect.
    package init(server: Server) {
        self.server = server
    }

    /// The URL of a path under the server's prefix, with query items.
    package func url(_ path: String, query: [URLQueryItem] = []) throws(MarfaError) -> URL {
        var base = server.url.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        guard var components = URLComponents(string: base + path) else {
            throw MarfaError.invalid(message: "cannot build a URL for \(path)")
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw MarfaError.invalid(message: "cannot build a URL for \(path)") }
        return url
    }

    /// Sends one request and answers it after the contract check; transport failures throw `network`. Without
    /// `credential` the request carries no Authorization header and its answer is left to the caller to judge: the
    /// root, judged by the contract its body names (P-17, Decision 0089).
    package func send(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil,
        idempotencyKey: String? = nil, isWrite: Bool = false, credential: Bool = true
    ) async throws(MarfaError) -> InstanceAnswer {
        try StopRequest.check("\(method) \(path)")
        var request = URLRequest(url: try url(path, query: query), timeoutInterval: timeout)
        request.httpMethod = method
        if credential { request.setValue("Bearer \(server.key)", forHTTPHeaderField: "Authorization") }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let body {
            request.httpBody = Data(try body.jsonBytes())
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let idempotencyKey { request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key") }
        let data: Data
        let response: URLResponse
        do {
            if server.url.scheme?.lowercased() == "http" {
                (data, response) = try await UncancelledRequest.run { [timeout] finish in
                    SocketRequest.start(request, timeout: timeout, done: finish)
                }
            } else {
                (data, response) = try await UncancelledRequest.data(for: request)
            }
        } catch {
            throw MarfaError.network(message: "\(server.url.absoluteString) could not be reached: \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw MarfaError.network(message: "\(server.url.absoluteString) gave no HTTP answer")
        }
        var headers: [String: [String]] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased(), default: []].append(String(describing: value))
        }
        let answer = InstanceAnswer(status: http.statusCode, headers: headers, body: data)
        if (300..<400).contains(answer.status) { throw redirect(answer, from: request.url) }
        if credential,
            let mismatch = ContractCheck.mismatch(in: answer, server: server.url.absoluteString, isWrite: isWrite)
        {
            throw mismatch
        }
        return answer
    }

    /// The refusal for a redirect, naming where the request went and where the answer points (issue 28 point 17,
    /// Decision 0090): a redirect is never followed, so nothing was sent to the place it names.
    private func redirect(_ answer: InstanceAnswer, from url: URL?) -> MarfaError {
        let location = answer.headers["location"]?.first
        let sent = url?.absoluteString ?? server.url.absoluteString
        return .redirected(
            origin: server.url.absoluteString, status: answer.status, location: location,
            message: "\(sent) answered \(answer.status) pointing at \(location ?? "no location"); a redirect is never "
                + "followed, so nothing was sent there")
    }

    /// Reads a JSON document; a refusal throws its classified error (P-54), an unreadable body `decoding`.
    package func read(_ path: String, query: [URLQueryItem] = []) async throws(MarfaError) -> JSONValue {
        try Self.document(try await readBody(path, query: query), path: path)
    }

    /// Parses an answer's bytes read from `path`; bytes that are not JSON throw `decoding`, naming the path.
    package static func document(_ body: [UInt8], path: String) throws(MarfaError) -> JSONValue {
        do {
            return try JSONValue(jsonBytes: body)
        } catch {
            throw MarfaError.decoding(message: "the instance's answer to \(path) is not JSON: \(error.message)")
        }
    }

    /// Reads a document's bytes for a caller that parses them itself; a refusal throws its classified error (P-54).
    package func readBody(_ path: String, query: [URLQueryItem] = []) async throws(MarfaError) -> [UInt8] {
        let answer = try await send("GET", path, query: query)
        guard answer.isSuccess else { throw ErrorEnvelope.readError(answer) }
        return [UInt8](answer.body)
    }
}
