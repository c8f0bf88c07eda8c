import Foundation
import MarfaLocks
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request whose caller may stop waiting but which is never cancelled: a cancelled caller is answered
/// `CancellationError` at once and the request runs out on its own, because a cancel that races the task's
/// completion traps inside FoundationNetworking on Linux (Docs/Decisions/0012).
enum UncancelledRequest {
    /// The body and response of `request` (a redirect is answered, never followed), or the transport's error;
    /// throws `CancellationError` if the calling task is cancelled first.
    static func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await run { finish in UnredirectedSession.shared.start(request, finish: finish) }
    }

    /// The outcome `start` hands to its callback, or `CancellationError` if the calling task is cancelled first;
    /// what `start` began then runs out on its own.
    static func run(
        _ start: (@escaping @Sendable (Result<(Data, URLResponse), any Error>) -> Void) -> Void
    ) async throws -> (Data, URLResponse) {
        let waiter = OnceContinuation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard waiter.install(continuation) else { return }
                start { waiter.resume(with: $0) }
            }
        } onCancel: {
            waiter.resume(with: .failure(CancellationError()))
        }
    }
}

/// A continuation resumed at most once, by the answer or by the caller's cancellation, whichever comes first.
private final class OnceContinuation: Sendable {
    private typealias Continuation = CheckedContinuation<(Data, URLResponse), any Error>
    private enum State {
        case waiting
        case installed(Continuation)
        case resumed
    }
    private let state = LockedValue(State.waiting)

    /// Installs the continuation; answers false (and resumes it with `CancellationError`) if the caller was
    /// cancelled before it was installed.
    func install(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
        let cancelled = state.withLock { current -> Bool in
            guard case .waiting = current else { return true }
            current = .installed(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Resumes the installed continuation with `result` unless it was resumed before.
    func resume(with result: Result<(Data, URLResponse), any Error>) {
        let waiting = state.withLock { current -> Continuation? in
            switch current {
            case .installed(let continuation):
                current = .resumed
                return continuation
            case .waiting:
                current = .resumed
                return nil
            case .resumed:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
