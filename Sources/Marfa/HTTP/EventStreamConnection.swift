import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open `GET /events` stream: chunks arrive through URLSession's data delegate as the instance sends them,
/// are parsed into frames, and are handed out as typed events in order.
package final class EventStreamConnection: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation
    /// The events, in stream order; the sequence ends when the stream closes, with an error if it failed.
    package let events: AsyncThrowingStream<StreamEvent, any Error>
    private let parser = Mutex(SSEParser())
    private let checked = Mutex(false)
    private let server: String
    private let session: Mutex<URLSession?> = Mutex(nil)

    /// Opens the stream at `lastEventId` (none for the head read), asking for every type and every edge (WC-17).
    package init(client: InstanceClient, lastEventId: String?) throws(MarfaError) {
        (events, continuation) = AsyncThrowingStream.makeStream(of: StreamEvent.self)
        server = client.server.url.absoluteString
        super.init()
        var request = URLRequest(url: try client.url("/events", query: [URLQueryItem(name: "edges", value: "all")]))
        request.timeoutInterval = 24 * 3600
        request.setValue("Bearer \(client.server.key)", forHTTPHeaderField: "Authorization")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let lastEventId { request.setValue(lastEventId, forHTTPHeaderField: "Last-Event-ID") }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.timeoutIntervalForResource = 24 * 3600
        let urlSession = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        session.withLock { $0 = urlSession }
        continuation.onTermination = { [weak self] _ in self?.close() }
        urlSession.dataTask(with: request).resume()
    }

    /// Ends the stream; the event sequence finishes.
    package func close() {
        let open = session.withLock { current -> URLSession? in
            defer { current = nil }
            return current
        }
        open?.invalidateAndCancel()
        continuation.finish()
    }

    /// Checks the status and the contract header before any byte of the body is read (WC-73).
    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            fail(.network(message: "\(server) gave no HTTP answer to the event stream"))
            return completionHandler(.cancel)
        }
        var headers: [String: [String]] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased(), default: []].append(String(describing: value))
        }
        let head = InstanceAnswer(status: http.statusCode, headers: headers, body: Data())
        if let mismatch = ContractCheck.mismatch(in: head, server: server, isWrite: false) {
            fail(mismatch)
            return completionHandler(.cancel)
        }
        guard head.isSuccess else {
            checked.withLock { $0 = false }
            refusedStatus.withLock { $0 = head }
            return completionHandler(.allow)
        }
        checked.withLock { $0 = true }
        completionHandler(.allow)
    }

    private let refusedStatus: Mutex<InstanceAnswer?> = Mutex(nil)
    private let refusedBody = Mutex(Data())

    /// Parses each chunk as it arrives and hands out its events.
    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard checked.withLock({ $0 }) else {
            refusedBody.withLock { $0.append(data) }
            return
        }
        let outputs = parser.withLock { $0.feed(data) }
        for output in outputs {
            guard case .frame(let frame) = output else { continue }
            do {
                continuation.yield(try StreamEvent(frame: frame))
            } catch {
                fail(error)
                return
            }
        }
    }

    /// Finishes the sequence: with the refusal for a refused stream, a `network` error for a dropped one.
    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if var refused = refusedStatus.withLock({ $0 }) {
            refused.body = refusedBody.withLock { $0 }
            fail(ErrorEnvelope.readError(refused))
        } else if let error, (error as? URLError)?.code != .cancelled {
            fail(.network(message: "the event stream from \(server) dropped: \(error.localizedDescription)"))
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }

    private func fail(_ error: MarfaError) {
        continuation.finish(throwing: error)
    }
}
