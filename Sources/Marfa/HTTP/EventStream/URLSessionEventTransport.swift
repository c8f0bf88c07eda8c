import Foundation
import MarfaLocks
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The event stream over URLSession, for instances reached over HTTPS: chunks arrive through the data delegate as
/// the instance sends them and go to the feed.
///
/// FoundationNetworking on Linux can trap when a cancel races the task's own end, so the task is cancelled at most
/// once, only by the reader, and only if the instance has not ended it first (Docs/Decisions/0012).
final class URLSessionEventTransport: NSObject, URLSessionDataDelegate, Sendable {
    private let feed: LockedValue<EventStreamFeed?> = LockedValue(nil)
    private let live: LockedValue<URLSession?> = LockedValue(nil)

    /// Starts `request`, handing what arrives to `feed`.
    init(request: URLRequest, feed: EventStreamFeed) {
        super.init()
        self.feed.withLock { $0 = feed }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = EventStreamConnection.idleTimeout
        configuration.timeoutIntervalForResource = 24 * 3600
        let urlSession = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        live.withLock { $0 = urlSession }
        urlSession.dataTask(with: request).resume()
    }

    /// Ends the stream from the reader's side; a stream the instance already ended is left alone.
    func close() {
        takeSession()?.invalidateAndCancel()
    }

    private func takeSession() -> URLSession? {
        live.withLock { current -> URLSession? in
            defer { current = nil }
            return current
        }
    }

    /// Hands the head to the feed; a head it refuses is cancelled through the disposition alone.
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let feed = feed.withLock({ $0 }) else { return completionHandler(.cancel) }
        guard let http = response as? HTTPURLResponse else {
            _ = takeSession()
            completionHandler(.cancel)
            return feed.fail(.network(message: "the instance gave no HTTP answer to the event stream"))
        }
        var headers: [String: [String]] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name).lowercased(), default: []].append(String(describing: value))
        }
        if let mismatch = feed.receiveHead(status: http.statusCode, headers: headers) {
            _ = takeSession()
            completionHandler(.cancel)
            return feed.fail(mismatch)
        }
        completionHandler(.allow)
    }

    /// Hands each chunk to the feed as it arrives.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        feed.withLock { $0 }?.receiveBody(data)
    }

    /// Ends the feed and lets the session go without cancelling anything.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        _ = takeSession()
        let ended = feed.withLock { current -> EventStreamFeed? in
            defer { current = nil }
            return current
        }
        if let error, (error as? URLError)?.code != .cancelled {
            ended?.receiveEnd(droppedBecause: error.localizedDescription)
        } else {
            ended?.receiveEnd(droppedBecause: nil)
        }
        session.finishTasksAndInvalidate()
    }
}
