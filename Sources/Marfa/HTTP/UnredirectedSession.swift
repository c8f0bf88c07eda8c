import Foundation
import MarfaLocks
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The one URLSession every instance request goes through: its delegate refuses every redirect, so a 3xx is the
/// answer the caller sees and nothing is ever sent to the place it names (issue 28 point 17, Decision 0090), and it
/// gathers each task's body. A completion-handler task would follow a redirect on Linux whatever a delegate says.
final class UnredirectedSession: NSObject, URLSessionDataDelegate, Sendable {
    /// The session all instance clients share.
    static let shared = UnredirectedSession()

    private struct Pending {
        var data = Data()
        let finish: @Sendable (Result<(Data, URLResponse), any Error>) -> Void
    }

    private let pending = LockedValue<[Int: Pending]>([:])
    private let live = LockedValue<URLSession?>(nil)

    private override init() {
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        live.withLock { $0 = URLSession(configuration: configuration, delegate: self, delegateQueue: nil) }
    }

    /// Starts `request`; `finish` is called once, with the body and response or the transport's error.
    func start(
        _ request: URLRequest, finish: @escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void
    ) {
        guard let session = live.withLock({ $0 }) else { return finish(.failure(URLError(.cancelled))) }
        let task = session.dataTask(with: request)
        pending.withLock { $0[task.taskIdentifier] = Pending(finish: finish) }
        task.resume()
    }

    /// Refuses the redirect: the 3xx itself completes the task.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Gathers a piece of the body.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.withLock { $0[dataTask.taskIdentifier]?.data.append(data) }
    }

    /// Answers the task's caller.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let done = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            done.finish(.failure(error))
        } else if let response = task.response {
            done.finish(.success((done.data, response)))
        } else {
            done.finish(.failure(URLError(.badServerResponse)))
        }
    }
}
