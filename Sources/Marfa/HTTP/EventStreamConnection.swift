import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One open `GET /events` stream: chunks arrive through URLSession's data delegate as the instance sends them,
/// are parsed into frames, and are handed out as typed events in order.
///
/// The task is cancelled at most once and never after it completed: FoundationNetworking on Linux traps when a
/// cancel reaches a task its session already retired, so whichever side ends first (the instance or the reader)
/// takes the session, and the other side finds nothing left to cancel (Docs/Decisions/0012).
package final class EventStreamConnection: NSObject, URLSessionDataDelegate, Sendable {
    private let continuation: AsyncThrowingStream<StreamEvent, any Error>.Continuation
    /// The events, in stream order; the sequence ends when the stream closes, with an error if it failed.
    package let events: AsyncThrowingStream<StreamEvent, any Error>
    private let parser = Mutex(SSEParser())
    private let checked = Mutex(false)
    private let server: String
    private let live: Mutex<URLSession?> = Mutex(nil)
    private let refusedStatus: Mutex<InstanceAnswer?> = Mutex(nil)
    private let refusedBody = Mutex(Data())

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
        live.withLock { $0 = urlSession }
        continuation.onTermination = { [weak self] _ in self?.close() }
        urlSession.dataTask(with: request).resume()
    }

    /// Ends the stream from the reader's side; the event sequence finishes. A stream already ended does nothing.
    package func close() {
        takeSession()?.invalidateAndCancel()
        continuation.finish()
    }

    /// Takes the session out, so that only one side ever ends the task.
    private func takeSession() -> URLSession? {
        live.withLock { current -> URLSession? in
            defer { current = nil }
            return current
        }
    }

    /// Checks the status and the contract header before any byte of the body is read (WC-73).
    package func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            return refuse(.network(message: "\(server) gave no HTTP answer to the event stream"), completionHandler)
        }
        var headers: [String: [String]] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased(), default: []].append(String(describing: value))
        }
        let head = InstanceAnswer(status: http.statusCode, headers: headers, body: Data())
        if let mismatch = ContractCheck.mismatch(in: head, server: server, isWrite: false) {
            return refuse(mismatch, completionHandler)
        }
        guard head.isSuccess else {
            refusedStatus.withLock { $0 = head }
            return completionHandler(.allow)
        }
        checked.withLock { $0 = true }
        completionHandler(.allow)
    }

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
                continuation.finish(throwing: error)
                return
            }
        }
    }

    /// Finishes the sequence: with the refusal for a refused stream, a `network` error for a dropped one.
    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        _ = takeSession()
        if var refused = refusedStatus.withLock({ $0 }) {
            refused.body = refusedBody.withLock { $0 }
            continuation.finish(throwing: ErrorEnvelope.readError(refused))
        } else if let error, (error as? URLError)?.code != .cancelled {
            continuation.finish(
                throwing: MarfaError.network(message: "the event stream from \(server) dropped: \(error.localizedDescription)"))
        } else {
            continuation.finish()
        }
        session.finishTasksAndInvalidate()
    }

    /// Ends a stream whose head was refused: the task is cancelled through the disposition, never a second time.
    private func refuse(
        _ error: MarfaError, _ completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        _ = takeSession()
        completionHandler(.cancel)
        continuation.finish(throwing: error)
    }
}
